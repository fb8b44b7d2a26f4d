package org.cloudprofiler.flink.profile;

import java.lang.reflect.Field;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.apache.flink.streaming.api.operators.SourceOperatorFactory;

/**
 * Reads and replaces the FLIP-27 source inside Flink's {@link SourceOperatorFactory}, which has
 * no getters for it: a stream graph handed to an executor carries its sources only there, not
 * in transformations. The factory's other parts (watermark strategy, progressive watermarks,
 * coordinator threads and listening id, chaining strategy) are copied as they are. Stateless.
 */
final class SourceOperatorFactories {

    private SourceOperatorFactories() {}

    /** The source {@code factory} makes its operator with. */
    static Source<?, ?, ?> source(SourceOperatorFactory<?> factory) {
        return (Source<?, ?, ?>) field(factory, "source");
    }

    /** A factory like {@code factory} in every part, making its operator with {@code source}. */
    @SuppressWarnings({"unchecked", "rawtypes"}) // The source's type is the factory's.
    static SourceOperatorFactory<?> withSource(SourceOperatorFactory<?> factory,
            Source<?, ?, ?> source) {
        SourceOperatorFactory copy = new SourceOperatorFactory((Source) source,
                (WatermarkStrategy) field(factory, "watermarkStrategy"),
                (Boolean) field(factory, "emitProgressiveWatermarks"),
                (Integer) field(factory, "numCoordinatorWorkerThread"));
        copy.setCoordinatorListeningID((String) field(factory, "coordinatorListeningID"));
        copy.setChainingStrategy(factory.getChainingStrategy());
        return copy;
    }

    private static Object field(SourceOperatorFactory<?> factory, String name) {
        try {
            Field field = SourceOperatorFactory.class.getDeclaredField(name);
            field.setAccessible(true);
            return field.get(factory);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cloudprofiler cannot read the field '" + name
                    + "' of Flink's SourceOperatorFactory in Flink "
                    + EnvironmentInformation.getVersion() + " (it is built for Flink 2.2); set"
                    + " cloudprofiler.enabled=false to run the job unprofiled", e);
        }
    }
}
