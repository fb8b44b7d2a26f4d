package org.cloudprofiler.storm;

import java.util.Map;
import java.util.Objects;

import org.apache.storm.topology.IComponent;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.utils.Utils;
import org.cloudprofiler.storm.pill.PillStream;

/**
 * What profiled spouts and bolts share: the user's component, whose streams and configuration
 * they declare as their own, plus the pill stream. Storm calls these methods while building and
 * submitting the topology, from one thread.
 *
 * <p>A component wrapped at submission ({@code ProfilingTopologyValidator}) is held as the bytes
 * Nimbus has of it, since Nimbus lacks the topology's classes; it is deserialized on the worker,
 * on the executor thread, at its first use (the spout's {@code open}, the bolt's
 * {@code prepare}).
 *
 * @param <C> the kind of component wrapped
 */
abstract class ProfiledComponent<C extends IComponent> implements IComponent {
    private static final long serialVersionUID = 2L;

    private final Class<C> kind;
    private C delegate;
    /** The user's component serialized, until {@link #delegate()} first reads it; else null. */
    private byte[] serializedDelegate;

    ProfiledComponent(Class<C> kind, C delegate) {
        this.kind = kind;
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    ProfiledComponent(Class<C> kind, byte[] serializedDelegate) {
        this.kind = kind;
        this.serializedDelegate = Objects.requireNonNull(serializedDelegate, "serialized");
    }

    /** The user's component. */
    public C delegate() {
        if (delegate == null) {
            delegate = Utils.javaDeserialize(serializedDelegate, kind);
            serializedDelegate = null;
        }
        return delegate;
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        delegate().declareOutputFields(declarer);
        PillStream.declare(declarer);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return delegate().getComponentConfiguration();
    }
}
