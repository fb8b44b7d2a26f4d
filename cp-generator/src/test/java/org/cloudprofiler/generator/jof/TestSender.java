package org.cloudprofiler.generator.jof;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import org.cloudprofiler.generator.wire.BucketEncoder;
import org.cloudprofiler.generator.wire.PayloadClass;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * Sender {@code t} of {@code T} as docs/wire-format.md describes the generator's: one PUSH
 * socket per receiver endpoint, a sequence per receiver, tuple ids {@code k·T + t}, and an
 * end-of-run marker per receiver. Its drops are emulated: {@link #dropBucket} numbers and counts
 * a bucket without sending it, as the generator does when a send would block. Sends block (at
 * most 10 s), so nothing is lost on the way. Confined to one thread.
 */
final class TestSender implements AutoCloseable {
    private static final int SEND_TIMEOUT_MS = 10_000;
    /**
     * JeroMQ 0.6.0's connecting side leaves about 3% of fresh TCP connections without a ZMTP
     * handshake until the handshake timer (30 s by default) reconnects them (zeromq/jeromq pull
     * request 1022). The messages wait in the pipe and survive the reconnect, so a short timer
     * only shortens the stall. The native generator's libzmq does not have the problem.
     */
    private static final int HANDSHAKE_TIMEOUT_MS = 500;

    private final ZContext context = new ZContext();
    private final List<ZMQ.Socket> sockets = new ArrayList<>();
    private final PayloadClass payloadClass;
    private final Map<PayloadClass, BucketEncoder> encoders = new EnumMap<>(PayloadClass.class);
    private final int index;
    private final int count;
    private final long[] sequences;
    private final long[] tuplesSent;
    private final long[] bucketsSent;
    private final long[] tuplesDropped;
    private final List<Long> sentIds = new ArrayList<>();
    private long nextK;
    private long bytesSent;

    TestSender(PayloadClass payloadClass, int index, int count, List<String> endpoints) {
        this.index = index;
        this.count = count;
        this.payloadClass = payloadClass;
        for (PayloadClass each : PayloadClass.values()) {
            encoders.put(each, new BucketEncoder(each, index, count));
        }
        for (String endpoint : endpoints) {
            ZMQ.Socket socket = context.createSocket(SocketType.PUSH);
            socket.setSendTimeOut(SEND_TIMEOUT_MS);
            socket.setHandshakeIvl(HANDSHAKE_TIMEOUT_MS);
            socket.setLinger(SEND_TIMEOUT_MS);
            assertTrue(socket.connect(endpoint));
            sockets.add(socket);
        }
        sequences = new long[endpoints.size()];
        tuplesSent = new long[endpoints.size()];
        bucketsSent = new long[endpoints.size()];
        tuplesDropped = new long[endpoints.size()];
    }

    /** Sends {@code receiver} a bucket of {@code tuples} tuples, with this sender's next ids. */
    List<Long> sendBucket(int receiver, int tuples, LongFunction<byte[]> payloadOfId) {
        return sendBucket(receiver, payloadClass, tuples, payloadOfId);
    }

    /** Sends a bucket of another payload class than the sender's own. */
    List<Long> sendBucket(int receiver, PayloadClass bucketClass, int tuples,
            LongFunction<byte[]> payloadOfId) {
        List<Long> ids = new ArrayList<>();
        BucketEncoder encoder = encoders.get(bucketClass).begin(sequences[receiver]++);
        for (int i = 0; i < tuples; i++) {
            long id = nextK++ * count + index;
            ids.add(id);
            encoder.addTuple(id, payloadOfId.apply(id));
        }
        sendRaw(receiver, encoder.finish());
        tuplesSent[receiver] += tuples;
        bucketsSent[receiver]++;
        sentIds.addAll(ids);
        return ids;
    }

    /** Emulates the generator dropping a bucket of {@code tuples} for {@code receiver}. */
    void dropBucket(int receiver, int tuples) {
        sequences[receiver]++;
        nextK += tuples;
        tuplesDropped[receiver] += tuples;
    }

    /** Sends any bytes, outside the sender's accounting. */
    void sendRaw(int receiver, byte[] message) {
        assertTrue(sockets.get(receiver).send(message, 0), "sent within the timeout");
        bytesSent += message.length;
    }

    /** Sends every receiver its end-of-run marker, with what was really sent and dropped. */
    void finish() {
        for (int r = 0; r < sockets.size(); r++) {
            finish(r, tuplesSent[r], bucketsSent[r]);
        }
    }

    /** Sends {@code receiver} an end-of-run marker that claims the given counts. */
    void finish(int receiver, long claimedTuples, long claimedBuckets) {
        sendRaw(receiver, encoders.get(payloadClass).endOfRunMarker(sequences[receiver]++,
                claimedTuples, claimedBuckets, tuplesDropped[receiver]));
    }

    List<Long> sentIds() {
        return sentIds;
    }

    long tuplesSent() {
        return sentIds.size();
    }

    /** Bytes of every message sent, garbage and markers included. */
    long bytesSent() {
        return bytesSent;
    }

    /** Tuples dropped towards every receiver. */
    long tuplesDropped() {
        return Arrays.stream(tuplesDropped).sum();
    }

    /** Closes the sockets after they delivered what they hold (bounded by the linger). */
    @Override
    public void close() {
        sockets.forEach(ZMQ.Socket::close);
        context.close();
    }
}
