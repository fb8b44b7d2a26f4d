package org.cloudprofiler.generator.jof;

import java.util.concurrent.locks.LockSupport;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.wire.BucketDecoder;
import org.cloudprofiler.generator.wire.PayloadClass;
import org.zeromq.ZMQ;
import zmq.Msg;

/**
 * The loop of one receiver thread: takes buckets off its PULL socket, decodes and deserializes
 * each whole, and hands it to its queue; when the queue is full it drops the bucket or waits for
 * room, as its {@link FullQueuePolicy} says. Owns its socket, decoder and
 * deserializer, none of which another thread touches; only {@link #stop()} is called from
 * elsewhere.
 */
final class Receiver implements Runnable {
    // How long a receiver whose queue is full sleeps before it looks again: below the time a
    // consumer takes to emit a bucket of a few hundred tuples or more, so that it seldom runs dry.
    private static final long WAIT_FOR_ROOM_NS = 50_000;

    private final int index;
    private final String endpoint;
    private final ZMQ.Socket socket;
    private final ReceiveBufferPool buffers;
    private final BucketDeserializer deserializer;
    private final HandoverQueue queue;
    private final FullQueuePolicy fullQueuePolicy;
    private final ReceiverCounters counters = new ReceiverCounters();
    private final BucketDecoder decoder = new BucketDecoder();
    private volatile boolean running = true;
    private SenderLedger senders;

    /**
     * @param socket bound, with a receive timeout, so that the loop sees {@link #stop()} soon
     * @param buffers the socket's message allocator, to which the loop gives back each message
     *     once it is through with it
     * @param deserializer for this receiver's thread alone
     */
    Receiver(int index, String endpoint, ZMQ.Socket socket, ReceiveBufferPool buffers,
            BucketDeserializer deserializer, HandoverQueue queue,
            FullQueuePolicy fullQueuePolicy) {
        this.index = index;
        this.endpoint = endpoint;
        this.socket = socket;
        this.buffers = buffers;
        this.deserializer = deserializer;
        this.queue = queue;
        this.fullQueuePolicy = fullQueuePolicy;
    }

    ReceiverCounters counters() {
        return counters;
    }

    /** Asks the loop to end; it closes its socket on the way out. */
    void stop() {
        running = false;
    }

    @Override
    public void run() {
        try {
            while (running) {
                Msg message = socket.recvMsg(0);
                if (message != null) {
                    // The array may be pooled, hence longer than the message.
                    handle(message.buf().array(), message.size());
                    // Every payload is copied or deserialized by now: the array can be reused.
                    buffers.release(message);
                }
            }
        } catch (Throwable e) {
            // Throwable: a consumer's assembler may throw a checked exception unchecked, and a
            // receiver that ends without saying so would leave its consumer waiting forever.
            queue.receiverFailed(e);
            throw e;
        } finally {
            socket.close();
        }
    }

    private void handle(byte[] message, int length) {
        counters.message(length);
        if (!decoder.wrap(message, 0, length)) {
            reject(RejectReason.of(decoder.problem()), 0, decoder.problemDetail());
            return;
        }
        int sender = decoder.senderIndex();
        if (senders == null) {
            senders = new SenderLedger(decoder.senderCount());
        } else if (senders.senderCount() != decoder.senderCount()) {
            reject(RejectReason.MALFORMED, 0, "sender " + sender + " counts "
                    + decoder.senderCount() + " senders, earlier buckets counted "
                    + senders.senderCount() + ": two generator runs are sending to this JOF;"
                    + " start a new JOF for every run");
            return;
        }
        int tuples = decoder.tupleCount();
        if (!decoder.isEndOfRun()) {
            counters.received(tuples);
        }
        if (senders.hasMarker(sender)) {
            reject(RejectReason.AFTER_END_OF_RUN, tuples, "a bucket from sender " + sender
                    + " came after its end-of-run marker: two generator runs are sending to"
                    + " this JOF; start a new JOF for every run");
            return;
        }
        long expected = senders.expectedSequence(sender);
        long skipped = senders.advance(sender, decoder.sequence());
        if (skipped < 0) {
            reject(RejectReason.OUT_OF_SEQUENCE, tuples, "sender " + sender + " sent sequence "
                    + Long.toUnsignedString(decoder.sequence()) + " where " + expected
                    + " or later was due: two generators with the same sender index?");
            return;
        }
        counters.gaps(skipped);
        if (decoder.isEndOfRun()) {
            onEndOfRunMarker(sender);
        } else {
            senders.received(sender, tuples);
            onDataBucket(sender, tuples);
        }
    }

    private void onDataBucket(int sender, int tuples) {
        PayloadClass payloadClass = decoder.payloadClass();
        if (!deserializer.accepts(payloadClass)) {
            reject(RejectReason.UNKNOWN_CLASS, tuples, "payload class " + payloadClass.id()
                    + " (" + payloadClass + ") from sender " + sender + " is not configured:"
                    + " build the JavaObjectFactory with payload("
                    + Payload.factoryCall(payloadClass) + ")");
            return;
        }
        TupleBucket bucket;
        try {
            bucket = deserializer.deserialize(decoder);
        } catch (TupleAssemblyException e) {
            reject(RejectReason.ASSEMBLY_FAILED, tuples, "tuple " + e.tupleId() + " from sender "
                    + sender + " deserialized, but the consumer's tuple assembler failed on it: "
                    + e.getCause() + "; fix the assembler (for a JofSpout: its record"
                    + " translator)");
            return;
        } catch (RuntimeException e) {
            reject(RejectReason.UNDESERIALIZABLE, tuples, "tuple " + decoder.tupleId()
                    + " from sender " + sender + " (payload class " + payloadClass.id()
                    + ") did not deserialize: " + e.getMessage() + "; configure the JOF with"
                    + " the class and Kryo registrations the sender serialized with");
            return;
        }
        counters.deserialized(tuples);
        if (handOver(bucket)) {
            counters.handedOver(tuples);
        } else {
            counters.dropped(tuples);
        }
    }

    /**
     * Offers the bucket to the queue; if the queue is full, waits for room under {@link
     * FullQueuePolicy#WAIT}, reading nothing meanwhile.
     *
     * @return false if the bucket is to be dropped: the queue is full under {@link
     *     FullQueuePolicy#DROP}, or the JOF is closing while the receiver waits
     */
    private boolean handOver(TupleBucket bucket) {
        if (queue.offer(bucket)) {
            return true;
        }
        if (fullQueuePolicy == FullQueuePolicy.DROP) {
            return false;
        }
        while (running) {
            LockSupport.parkNanos(WAIT_FOR_ROOM_NS);
            if (queue.offer(bucket)) {
                return true;
            }
        }
        return false;
    }

    private void onEndOfRunMarker(int sender) {
        counters.marker(senders.marker(sender, decoder.markerTuplesSent(),
                decoder.markerBucketsSent(), decoder.markerTuplesDropped()));
        if (senders.hasEveryMarker()) {
            counters.endOfRun();
            queue.offerEndOfRun(new EndOfRun(index, senders.reports()));
        }
    }

    private void reject(RejectReason reason, int tuples, String detail) {
        counters.rejected(reason, tuples, "receiver " + index + " (" + endpoint + "): "
                + detail);
    }
}
