package org.cloudprofiler.storm.jof;

import java.io.Serializable;
import java.util.List;

import org.apache.storm.tuple.Fields;

/**
 * Turns JOF records into Storm tuples, as storm-kafka-client's {@code RecordTranslator} does for
 * Kafka records. Called on the JOF receiver threads, off the spout's executor thread, so that the
 * spout only emits ready values: each receiver calls its own copy (a Java-serialization copy of
 * the configured translator), from its thread alone, so a translator need not be thread-safe;
 * static state, and a singleton that deserializes to itself, are shared by all copies. It also
 * runs for buckets that a full queue then drops. A translator that throws loses the record's
 * whole bucket, counted as rejected ({@code ASSEMBLY_FAILED}) in the spout's JOF counts and
 * logged once the run is through.
 */
public interface JofRecordTranslator extends Serializable {

    /**
     * The values to emit for {@code record}, or null to emit nothing for it: a new list per
     * call, which Storm keeps. Return a Storm {@code Values}: Storm's emit path is markedly
     * slower with other lists (see {@link DefaultJofRecordTranslator#apply}).
     */
    List<Object> apply(JofRecord record);

    /** The stream {@code record}'s tuple goes to. */
    String streamFor(JofRecord record);

    /** Every stream this translator emits on, with its fields. */
    List<StreamDeclaration> streams();

    /** A stream the spout declares. */
    record StreamDeclaration(String stream, Fields fields) implements Serializable {}
}
