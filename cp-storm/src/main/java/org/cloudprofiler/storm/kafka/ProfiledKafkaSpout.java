package org.cloudprofiler.storm.kafka;

import java.util.List;

import org.apache.storm.kafka.spout.KafkaSpout;
import org.apache.storm.kafka.spout.KafkaSpoutMessageId;
import org.cloudprofiler.storm.ProfiledSpout;
import org.cloudprofiler.storm.RunEndSignal;
import org.cloudprofiler.storm.tupleid.PartitionOffsetTupleIdExtractor;
import org.cloudprofiler.storm.tupleid.TupleIdExtractor;

/**
 * Profiles an existing storm-kafka-client {@link KafkaSpout}, so a Kafka-fed topology is profiled
 * without switching sources. Each record's tuple id is {@code partition << 48 | offset}
 * ({@link PartitionOffsetTupleIdExtractor}): taken from the spout's message id when it emits one
 * (at-least-once processing, or tuple tracking enforced), else from the {@code partition} and
 * {@code offset} fields of the default record translator. The builder applies the same scheme to
 * every bolt. Same threading contract as {@link ProfiledSpout}.
 */
public class ProfiledKafkaSpout extends ProfiledSpout {
    private static final long serialVersionUID = 1L;

    /** The fields KafkaSpout's default record translator emits partition and offset in. */
    public static final TupleIdExtractor TUPLE_IDS =
            new PartitionOffsetTupleIdExtractor("partition", "offset");

    /** Profiles {@code spout}; its run ends when the topology is deactivated. */
    public ProfiledKafkaSpout(KafkaSpout<?, ?> spout) {
        super(spout, RunEndSignal.never());
    }

    /** Profiles {@code spout}; its run ends when {@code runEnd} says so, or on deactivation. */
    public ProfiledKafkaSpout(KafkaSpout<?, ?> spout, RunEndSignal runEnd) {
        super(spout, runEnd);
    }

    @Override
    public TupleIdExtractor sourceTupleIds() {
        return TUPLE_IDS;
    }

    @Override
    protected long emittedTupleId(String streamId, List<Object> values, Object messageId) {
        if (messageId instanceof KafkaSpoutMessageId record) {
            return PartitionOffsetTupleIdExtractor.id(record.partition(), record.offset());
        }
        return super.emittedTupleId(streamId, values, messageId);
    }
}
