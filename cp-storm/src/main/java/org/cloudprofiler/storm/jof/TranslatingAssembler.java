package org.cloudprofiler.storm.jof;

import java.util.List;

import org.apache.storm.utils.Utils;
import org.cloudprofiler.generator.jof.TupleAssembler;

/**
 * Runs a {@link JofSpout}'s translator on a JOF receiver thread, so that the spout's executor
 * thread only emits ready values, as a spout of preallocated tuples does. Each receiver has its
 * own copy of the translator. What it hands over: the values themselves where the translator
 * has one stream, else {@link RoutedValues}; null where the translator emits nothing.
 */
final class TranslatingAssembler implements TupleAssembler {
    private final JofRecordTranslator translator;
    private final String topic;
    private final int spoutReceiver;
    private final int spoutReceivers;
    private final boolean oneStream;

    /**
     * @param spoutReceiver the receiver's index among all receivers of the spout
     * @param spoutReceivers how many receivers all tasks of the spout have
     */
    TranslatingAssembler(JofRecordTranslator translator, String topic, int spoutReceiver,
            int spoutReceivers) {
        // A copy per receiver: a translator written for KafkaSpout's one thread need not be
        // thread-safe, and a task's receivers run side by side.
        this.translator = Utils.javaDeserialize(Utils.javaSerialize(translator),
                JofRecordTranslator.class);
        this.topic = topic;
        this.spoutReceiver = spoutReceiver;
        this.spoutReceivers = spoutReceivers;
        this.oneStream = onlyStream(translator) != null;
    }

    /**
     * The stream of a translator that declares one, whose values this assembler hands over
     * bare (its {@code streamFor} is then not asked); null for a translator with several.
     */
    static String onlyStream(JofRecordTranslator translator) {
        List<JofRecordTranslator.StreamDeclaration> streams = translator.streams();
        return streams.size() == 1 ? streams.get(0).stream() : null;
    }

    @Override
    public Object assemble(int senderIndex, long tupleId, Object value) {
        JofRecord record = new JofRecord(topic,
                JofSpoutConfig.partition(senderIndex, spoutReceiver, spoutReceivers), tupleId,
                value);
        List<Object> values = translator.apply(record);
        if (values == null || oneStream) {
            return values;
        }
        return new RoutedValues(translator.streamFor(record), values);
    }

    /** Values and their stream, from a translator with several streams. */
    record RoutedValues(String stream, List<Object> values) {}
}
