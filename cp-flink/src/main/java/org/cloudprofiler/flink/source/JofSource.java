package org.cloudprofiler.flink.source;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.cloudprofiler.flink.profile.TupleIdSource;
import org.cloudprofiler.flink.source.enumerator.JofEnumeratorState;
import org.cloudprofiler.flink.source.enumerator.JofEnumeratorStateSerializer;
import org.cloudprofiler.flink.source.enumerator.JofSplitEnumerator;
import org.cloudprofiler.flink.source.reader.JofSourceReader;
import org.cloudprofiler.flink.source.split.JofReceiverSplit;
import org.cloudprofiler.flink.source.split.JofReceiverSplitSerializer;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.jof.FullQueuePolicy;
import org.cloudprofiler.generator.jof.JavaObjectFactory;
import org.cloudprofiler.generator.jof.TupleAssembler;

/**
 * The native generator's tuples as a Flink source (FLIP-27), through Java Object Factory
 * receivers: a drop-in for flink-connector-kafka's {@code KafkaSource}, built the same way
 * ({@link #builder()}). Receiver {@code r} binds {@code bindHost:basePort + r}; each receiver is
 * a split, handed to subtask {@code r mod parallelism}, whose reader binds it; point the
 * generator at {@link #endpoints()}. Bounded, the source ends once every receiver has every
 * sender's end-of-run marker; unbounded (the default, as KafkaSource's), it runs until
 * cancelled, or until that same end of the run if built so. A receiver cannot replay what it received: after a failover, what the failed
 * readers had not emitted is lost, and their receivers are bound afresh. Immutable.
 *
 * @param <T> what it emits, made by its {@link JofRecordDeserializationSchema}
 */
public final class JofSource<T> implements Source<T, JofReceiverSplit, JofEnumeratorState>,
        ResultTypeQueryable<T>, TupleIdSource<T, JofReceiverSplit> {
    private static final long serialVersionUID = 1L;

    private final String bindHost;
    private final int basePort;
    private final int receivers;
    private final Payload payload;
    private final JofRecordDeserializationSchema<T> deserializer;
    private final Boundedness boundedness;
    private final boolean endsWithTheRun;
    private final int queueCapacity;
    private final FullQueuePolicy whenQueueFull;
    private final int receiveHighWaterMark;

    JofSource(String bindHost, int basePort, int receivers, Payload payload,
            JofRecordDeserializationSchema<T> deserializer, Boundedness boundedness,
            boolean endsWithTheRun, int queueCapacity, FullQueuePolicy whenQueueFull,
            int receiveHighWaterMark) {
        this.bindHost = bindHost;
        this.basePort = basePort;
        this.receivers = receivers;
        this.payload = payload;
        this.deserializer = deserializer;
        this.boundedness = boundedness;
        this.endsWithTheRun = endsWithTheRun;
        this.queueCapacity = queueCapacity;
        this.whenQueueFull = whenQueueFull;
        this.receiveHighWaterMark = receiveHighWaterMark;
    }

    /** Starts a {@link JofSourceBuilder}, as {@code KafkaSource.builder()} does. */
    public static <T> JofSourceBuilder<T> builder() {
        return new JofSourceBuilder<>();
    }

    /** Every receiver's endpoint, by receiver index: where the generator sends. */
    public List<String> endpoints() {
        List<String> endpoints = new ArrayList<>();
        for (int r = 0; r < receivers; r++) {
            endpoints.add("tcp://" + bindHost + ":" + (basePort + r));
        }
        return endpoints;
    }

    @Override
    public Boundedness getBoundedness() {
        return boundedness;
    }

    @Override
    public TypeInformation<T> getProducedType() {
        return deserializer.getProducedType();
    }

    @Override
    public SourceReader<T, JofReceiverSplit> createReader(SourceReaderContext context) {
        return new JofSourceReader<>(this::startReceiver, deserializer,
                endsWithTheRun, false, context);
    }

    /** A reader whose records carry the generator's tuple ids into a profiled job. */
    @Override
    public SourceReader<T, JofReceiverSplit> createReaderWithTupleIds(
            SourceReaderContext context) {
        return new JofSourceReader<>(this::startReceiver, deserializer,
                endsWithTheRun, true, context);
    }

    /** Configures and starts the JOF of one split, as the builder was told. */
    private JavaObjectFactory startReceiver(JofReceiverSplit split, TupleAssembler assembler) {
        return JavaObjectFactory.builder().endpoints(List.of(split.endpoint())).payload(payload)
                .tupleAssemblers(receiver -> assembler).queueCapacity(queueCapacity)
                .whenQueueFull(whenQueueFull).receiveHighWaterMark(receiveHighWaterMark)
                .start();
    }

    @Override
    public SplitEnumerator<JofReceiverSplit, JofEnumeratorState> createEnumerator(
            SplitEnumeratorContext<JofReceiverSplit> context) {
        List<JofReceiverSplit> splits = new ArrayList<>();
        List<String> endpoints = endpoints();
        for (int r = 0; r < receivers; r++) {
            splits.add(new JofReceiverSplit(r, endpoints.get(r)));
        }
        return new JofSplitEnumerator(context, splits);
    }

    @Override
    public SplitEnumerator<JofReceiverSplit, JofEnumeratorState> restoreEnumerator(
            SplitEnumeratorContext<JofReceiverSplit> context, JofEnumeratorState state) {
        return new JofSplitEnumerator(context, state.unassigned());
    }

    @Override
    public SimpleVersionedSerializer<JofReceiverSplit> getSplitSerializer() {
        return JofReceiverSplitSerializer.INSTANCE;
    }

    @Override
    public SimpleVersionedSerializer<JofEnumeratorState> getEnumeratorCheckpointSerializer() {
        return JofEnumeratorStateSerializer.INSTANCE;
    }
}
