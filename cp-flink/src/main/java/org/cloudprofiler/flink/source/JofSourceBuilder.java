package org.cloudprofiler.flink.source;

import java.util.Objects;
import org.apache.flink.api.connector.source.Boundedness;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.jof.FullQueuePolicy;
import org.cloudprofiler.generator.jof.JavaObjectFactory;

/**
 * Builds a {@link JofSource}. Its methods mirror {@code KafkaSourceBuilder}'s {@code setX}
 * names, so that a Flink user swapping one source for the other finds the same words; the rest
 * of the project's builders name options without {@code set}. Defaults: one receiver on
 * {@code 127.0.0.1}, raw payloads, unbounded (as KafkaSource), the JOF's queue capacity and
 * receive high-water mark, and {@link FullQueuePolicy#WAIT}: as KafkaSource leaves records in
 * the topic until Flink asks for them, a full queue holds the generator back rather than
 * dropping what it sent (docs/storm.md, "When a JofSpout loses tuples, and where they are
 * counted"). Not thread-safe.
 *
 * @param <T> what the source emits
 */
public final class JofSourceBuilder<T> {
    private String bindHost = "127.0.0.1";
    private int basePort;
    private int receivers = 1;
    private Payload payload = Payload.raw();
    private JofRecordDeserializationSchema<T> deserializer;
    private Boundedness boundedness = Boundedness.CONTINUOUS_UNBOUNDED;
    private boolean endsWithTheRun;
    private int queueCapacity = JavaObjectFactory.DEFAULT_QUEUE_CAPACITY;
    private FullQueuePolicy whenQueueFull = FullQueuePolicy.WAIT;
    private int receiveHighWaterMark = JavaObjectFactory.DEFAULT_RECEIVE_HIGH_WATER_MARK;

    JofSourceBuilder() {}

    /** The address the receivers bind: an address of the TaskManagers' machine, or {@code *}. */
    public JofSourceBuilder<T> setBindHost(String host) {
        this.bindHost = Objects.requireNonNull(host, "host");
        return this;
    }

    /** The port of receiver 0; receiver {@code r} binds {@code basePort + r}. Required. */
    public JofSourceBuilder<T> setBasePort(int port) {
        this.basePort = port;
        return this;
    }

    /** Receivers (splits) over all readers: as many as the generator has endpoints. */
    public JofSourceBuilder<T> setReceivers(int count) {
        this.receivers = count;
        return this;
    }

    /**
     * What the generator sends and the receivers deserialize (default {@link Payload#raw()}):
     * the same {@link Payload} the generator is given.
     *
     * @throws IllegalArgumentException for {@link Payload#preloaded()}, which a JOF cannot read
     */
    public JofSourceBuilder<T> setPayload(Payload payload) {
        this.payload = JavaObjectFactory.requireReadable(payload);
        return this;
    }

    /** Makes the records the source emits. Required (or {@link #setValueOnlyDeserializer}). */
    public JofSourceBuilder<T> setDeserializer(JofRecordDeserializationSchema<T> deserializer) {
        this.deserializer = Objects.requireNonNull(deserializer, "deserializer");
        return this;
    }

    /**
     * Emits each record's value as {@code type}: {@code byte[].class} for raw payloads,
     * {@code AdEvent.class} for YSB events, the class of a Kryo payload.
     */
    public JofSourceBuilder<T> setValueOnlyDeserializer(Class<T> type) {
        return setDeserializer(JofRecordDeserializationSchema.valueOnly(type));
    }

    /**
     * Ends the source, and a job that only reads it, once every receiver has every generator
     * sender's end-of-run marker.
     */
    public JofSourceBuilder<T> setBounded() {
        this.boundedness = Boundedness.BOUNDED;
        this.endsWithTheRun = true;
        return this;
    }

    /** Runs until cancelled, whatever the generator does (the default). */
    public JofSourceBuilder<T> setUnbounded() {
        this.boundedness = Boundedness.CONTINUOUS_UNBOUNDED;
        this.endsWithTheRun = false;
        return this;
    }

    /**
     * Unbounded (a streaming job), but ends once every receiver has every generator sender's
     * end-of-run marker, as KafkaSource's {@code setUnbounded(stoppingOffsets)} ends at its
     * offsets: a profiled job then records its end of run in every subtask.
     */
    public JofSourceBuilder<T> setUnboundedUntilEndOfRun() {
        this.boundedness = Boundedness.CONTINUOUS_UNBOUNDED;
        this.endsWithTheRun = true;
        return this;
    }

    /** Buckets each receiver's queue holds; at least 1. */
    public JofSourceBuilder<T> setQueueCapacity(int buckets) {
        this.queueCapacity = buckets;
        return this;
    }

    /** What a receiver does with a bucket its full queue cannot take (default WAIT). */
    public JofSourceBuilder<T> setWhenQueueFull(FullQueuePolicy policy) {
        this.whenQueueFull = Objects.requireNonNull(policy, "policy");
        return this;
    }

    /** Buckets ZeroMQ holds in front of each receiver; 0 means no limit. */
    public JofSourceBuilder<T> setReceiveHighWaterMark(int buckets) {
        this.receiveHighWaterMark = buckets;
        return this;
    }

    /**
     * The configured source.
     *
     * @throws IllegalStateException naming what is missing or out of range
     */
    public JofSource<T> build() {
        if (deserializer == null) {
            throw new IllegalStateException("no deserializer: call setDeserializer(...) or"
                    + " setValueOnlyDeserializer(byte[].class)");
        }
        if (basePort < 1 || receivers < 1 || basePort + receivers - 1 > 0xFFFF) {
            throw new IllegalStateException("receivers bind ports basePort .. basePort +"
                    + " receivers - 1, which must lie in 1..65535: call setBasePort(port) and"
                    + " setReceivers(count); got base port " + basePort + " and " + receivers
                    + " receivers");
        }
        if (queueCapacity < 1 || receiveHighWaterMark < 0) {
            throw new IllegalStateException("a queue of at least 1 bucket and a receive"
                    + " high-water mark of 0 (no limit) or more; got queue " + queueCapacity
                    + ", high-water mark " + receiveHighWaterMark);
        }
        return new JofSource<>(bindHost, basePort, receivers, payload, deserializer,
                boundedness, endsWithTheRun, queueCapacity, whenQueueFull,
                receiveHighWaterMark);
    }
}
