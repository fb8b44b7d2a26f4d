package org.cloudprofiler.storm.tupleid;

import java.io.Serializable;
import java.util.List;

import org.apache.storm.tuple.Fields;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.probe.TaskProbe;

/**
 * Finds the tuple id in a tuple's values, so that every instrumented point logs the same id for
 * the same tuple. Serialized with the topology; each task gets its own copy and calls it on its
 * executor thread only, so implementations need not be thread-safe.
 */
public interface TupleIdExtractor extends Serializable {

    /** Returned for a tuple that carries no usable id; such tuples are counted, not logged. */
    long NO_ID = TaskProbe.NO_ID;

    /**
     * The id of the tuple whose stream declares {@code fields} and whose values are
     * {@code values}, or {@link #NO_ID}.
     */
    long idOf(Fields fields, List<Object> values);

    /**
     * The extractor the configuration asks for: the {@code cloudprofiler.tuple-id.field}, and
     * with {@code cloudprofiler.tuple-id.partition-field} set, partition and offset combined.
     */
    static TupleIdExtractor fromSettings(CpSettings settings) {
        if (settings.tupleIdPartitionField().isEmpty()) {
            return new FieldTupleIdExtractor(settings.tupleIdField());
        }
        return new PartitionOffsetTupleIdExtractor(settings.tupleIdPartitionField(),
                settings.tupleIdField());
    }
}
