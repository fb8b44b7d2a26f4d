package org.cloudprofiler.flink.profile;

import java.io.Serializable;

/**
 * Finds the tuple id of a record a source emits, for sources other than JofSource and a
 * profiled KafkaSource, which give their records' ids themselves. Shipped with the job; each
 * source subtask calls its own copy on its task thread only.
 *
 * @param <T> the records the source emits
 */
@FunctionalInterface
public interface RecordIdExtractor<T> extends Serializable {

    /** The id of {@code record}, or {@link org.cloudprofiler.probe.TaskProbe#NO_ID}. */
    long idOf(T record);
}
