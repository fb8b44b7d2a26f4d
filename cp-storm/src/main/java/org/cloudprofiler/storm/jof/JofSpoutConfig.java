package org.cloudprofiler.storm.jof;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.storm.tuple.Fields;
import org.apache.storm.utils.Utils;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.jof.FullQueuePolicy;
import org.cloudprofiler.generator.jof.JavaObjectFactory;

/**
 * How a {@link JofSpout} receives: shaped like storm-kafka-client's {@code KafkaSpoutConfig}
 * (a builder from where to receive, then receivers, record translator or function with fields
 * and stream, topic). Its builder mirrors KafkaSpoutConfig's {@code setX} names, so a Storm user
 * swapping one spout for the other finds the same words; the rest of the project's builders name
 * options without {@code set}. KafkaSpout's first-poll strategy has no counterpart: nothing is
 * stored to start from, a task emits what the generator sends once its receivers are bound.
 * Spout task {@code k} (its index among the spout's tasks) binds {@code receiversPerTask} JOF
 * receivers on {@code bindHost}, at ports {@code basePort + k·receiversPerTask + r}; point the
 * generator at all of them ({@link #endpoints(int)}). As a Kafka partition is one ordered
 * stream, so is a JofSpout partition: what one generator sender sends one receiver
 * ({@link #partition}). Immutable.
 *
 * @param bindHost the address the receivers bind (loopback unless told otherwise)
 * @param basePort the first task's first receiver port
 * @param receiversPerTask receiver threads per spout task
 * @param payload what the receivers deserialize: the generator's payload, the same
 *     {@link Payload} it was given
 * @param translator how records become tuples
 * @param topic the value of the {@code topic} field in the default layout
 * @param queueCapacity buckets each receiver's queue holds
 * @param whenQueueFull what a receiver does with a bucket its full queue cannot take: drop it
 *     (counted by the JOF) or wait, leaving the backlog to ZeroMQ and the generator (which
 *     counts what it cannot send)
 * @param receiveHighWaterMark buckets ZeroMQ holds in front of each receiver
 * @param maxBucketsPerNextTuple buckets one {@code nextTuple} call may emit
 */
public record JofSpoutConfig(String bindHost, int basePort, int receiversPerTask,
        Payload payload, JofRecordTranslator translator, String topic, int queueCapacity,
        FullQueuePolicy whenQueueFull, int receiveHighWaterMark, int maxBucketsPerNextTuple)
        implements Serializable {

    public JofSpoutConfig {
        Objects.requireNonNull(bindHost, "bindHost");
        JavaObjectFactory.requireReadable(payload);
        Objects.requireNonNull(translator, "translator");
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(whenQueueFull, "whenQueueFull");
        if (basePort < 1 || basePort > 65535 || receiversPerTask < 1 || queueCapacity < 1
                || receiveHighWaterMark < 0 || maxBucketsPerNextTuple < 1) {
            throw new IllegalArgumentException("JofSpoutConfig needs a port in 1..65535, at"
                    + " least one receiver, queue slot and bucket per nextTuple and a receive"
                    + " high-water mark of 0 (no limit) or more; got port " + basePort + ", "
                    + receiversPerTask + " receivers, queue " + queueCapacity + ", high-water"
                    + " mark " + receiveHighWaterMark + ", " + maxBucketsPerNextTuple
                    + " buckets");
        }
    }

    /** Starts a configuration for receivers bound on {@code bindHost} from {@code basePort}. */
    public static Builder builder(String bindHost, int basePort) {
        return new Builder(bindHost, basePort);
    }

    /** The receiver endpoints of {@code spoutTasks} tasks, in task then receiver order. */
    public List<String> endpoints(int spoutTasks) {
        List<String> endpoints = new ArrayList<>();
        for (int task = 0; task < spoutTasks; task++) {
            endpoints.addAll(taskEndpoints(task));
        }
        return endpoints;
    }

    /** The endpoints the task with index {@code taskIndex} binds. */
    public List<String> taskEndpoints(int taskIndex) {
        List<String> endpoints = new ArrayList<>();
        for (int r = 0; r < receiversPerTask; r++) {
            endpoints.add("tcp://" + bindHost + ":" + (basePort + spoutReceiver(taskIndex, r)));
        }
        return endpoints;
    }

    /**
     * The index of receiver {@code receiver} of the task with index {@code taskIndex} among all
     * receivers of the spout: {@code taskIndex·receiversPerTask + receiver}, its port's offset
     * from {@code basePort}.
     */
    public int spoutReceiver(int taskIndex, int receiver) {
        return taskIndex * receiversPerTask + receiver;
    }

    /**
     * The {@code partition} of the tuples generator sender {@code senderIndex} sends to the
     * spout's receiver {@code spoutReceiver} of {@code spoutReceivers}:
     * {@code senderIndex·spoutReceivers + spoutReceiver}. Such tuples come in send order, their
     * ids (the {@code offset}) increasing, so each partition is one ordered stream, as in Kafka;
     * partitions are unique across the spout's tasks, and with one sender a partition is its
     * receiver's port offset. With {@code T} senders they run from 0 to
     * {@code T·spoutReceivers − 1}.
     */
    public static int partition(int senderIndex, int spoutReceiver, int spoutReceivers) {
        return senderIndex * spoutReceivers + spoutReceiver;
    }

    /**
     * Builds a {@link JofSpoutConfig}; defaults: 1 receiver, raw bytes, KafkaSpout's fields, the
     * JOF's queue and high-water mark, and {@link FullQueuePolicy#WAIT}: as KafkaSpout leaves
     * records in the topic until Storm asks for them, a full queue holds the generator back
     * rather than dropping what it sent (under {@code DROP}, cold worker JVMs lost tuples;
     * docs/storm.md, "When a JofSpout loses tuples, and where they are counted").
     */
    public static final class Builder {
        private final String bindHost;
        private final int basePort;
        private int receiversPerTask = 1;
        private Payload payload = Payload.raw();
        private JofRecordTranslator translator = new DefaultJofRecordTranslator();
        private String topic = "jof";
        private int queueCapacity = JavaObjectFactory.DEFAULT_QUEUE_CAPACITY;
        private FullQueuePolicy whenQueueFull = FullQueuePolicy.WAIT;
        private int receiveHighWaterMark = JavaObjectFactory.DEFAULT_RECEIVE_HIGH_WATER_MARK;
        private int maxBucketsPerNextTuple = 1;

        private Builder(String bindHost, int basePort) {
            this.bindHost = bindHost;
            this.basePort = basePort;
        }

        public Builder setReceiversPerTask(int receivers) {
            this.receiversPerTask = receivers;
            return this;
        }

        /**
         * What the generator sends (default {@link Payload#raw()}); as given to the generator.
         *
         * @throws IllegalArgumentException for {@link Payload#preloaded()}, which a JOF cannot
         *     read
         */
        public Builder setPayload(Payload payload) {
            this.payload = JavaObjectFactory.requireReadable(payload);
            return this;
        }

        public Builder setRecordTranslator(JofRecordTranslator translator) {
            this.translator = translator;
            return this;
        }

        /** Emits {@code function}'s values as {@code fields} on the default stream. */
        public Builder setRecordTranslator(JofRecordFunction function, Fields fields) {
            return setRecordTranslator(function, fields, Utils.DEFAULT_STREAM_ID);
        }

        /** Emits {@code function}'s values as {@code fields} on {@code stream}. */
        public Builder setRecordTranslator(JofRecordFunction function, Fields fields,
                String stream) {
            return setRecordTranslator(new SimpleJofRecordTranslator(function, fields, stream));
        }

        public Builder setTopic(String topic) {
            this.topic = topic;
            return this;
        }

        public Builder setQueueCapacity(int buckets) {
            this.queueCapacity = buckets;
            return this;
        }

        public Builder setWhenQueueFull(FullQueuePolicy policy) {
            this.whenQueueFull = policy;
            return this;
        }

        /** Buckets ZeroMQ holds in front of each receiver; 0 means no limit. */
        public Builder setReceiveHighWaterMark(int buckets) {
            this.receiveHighWaterMark = buckets;
            return this;
        }

        public Builder setMaxBucketsPerNextTuple(int buckets) {
            this.maxBucketsPerNextTuple = buckets;
            return this;
        }

        public JofSpoutConfig build() {
            return new JofSpoutConfig(bindHost, basePort, receiversPerTask, payload, translator,
                    topic, queueCapacity, whenQueueFull, receiveHighWaterMark,
                    maxBucketsPerNextTuple);
        }
    }
}
