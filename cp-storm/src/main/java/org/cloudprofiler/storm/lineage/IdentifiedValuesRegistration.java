package org.cloudprofiler.storm.lineage;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Registration;
import com.esotericsoftware.kryo.Serializer;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.storm.serialization.SerializationFactory;
import org.apache.storm.serialization.SerializationRegister;
import org.apache.storm.utils.ListDelegate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes every Kryo instance of a worker write tuple ids beside the values: Storm's
 * {@link SerializationFactory} finds this class through {@code META-INF/services} (so the user
 * configures nothing) and calls it on each new Kryo after the tuple serializer is registered; it
 * wraps that serializer, whichever {@code topology.tuple.serializer} chose, in
 * {@link IdentifiedValuesSerializer}. Stateless; any thread.
 */
public final class IdentifiedValuesRegistration implements SerializationRegister {
    private static final Logger LOG = LoggerFactory.getLogger(IdentifiedValuesRegistration.class);
    private static final AtomicBoolean CHECKED = new AtomicBoolean();

    @Override
    @SuppressWarnings("unchecked")
    public void register(Kryo kryo) {
        Registration registration = kryo.getRegistration(ListDelegate.class);
        Serializer<?> serializer = registration.getSerializer();
        if (!(serializer instanceof IdentifiedValuesSerializer)) {
            registration.setSerializer(
                    new IdentifiedValuesSerializer((Serializer<ListDelegate>) serializer));
        }
    }

    /**
     * Whether the workers' Kryo writes tuple ids, given the topology config {@code conf}: false
     * when this class is not found as a service (a topology jar built without merging {@code
     * META-INF/services}) or a later registration replaced its serializer.
     */
    public static boolean inEffect(Map<String, Object> conf) {
        Kryo kryo = SerializationFactory.getKryo(conf);
        return kryo.getRegistration(ListDelegate.class).getSerializer()
                instanceof IdentifiedValuesSerializer;
    }

    /**
     * Checks {@link #inEffect} once per JVM and, if not, says in one line that tuple ids stop at
     * the worker's boundary and how to fix it. A check that cannot be made (a Kryo that the
     * config cannot build) is reported, not thrown: the worker would fail on it by itself.
     */
    public static void checkOnce(Map<String, Object> conf) {
        if (!CHECKED.compareAndSet(false, true)) {
            return;
        }
        boolean inEffect;
        try {
            inEffect = inEffect(conf);
        } catch (RuntimeException e) {
            LOG.warn("cloudprofiler: cannot check that tuple ids cross workers: {}", e.toString());
            return;
        }
        if (!inEffect) {
            LOG.error("cloudprofiler: tuple ids do not cross workers: keep cp-storm's"
                    + " META-INF/services/{} in the topology jar (maven-shade-plugin:"
                    + " ServicesResourceTransformer) and do not re-register {}",
                    SerializationRegister.class.getName(), ListDelegate.class.getName());
        }
    }
}
