package org.cloudprofiler.generator.jof;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.wire.PayloadClass;
import org.cloudprofiler.generator.wire.WireFormat;
import org.cloudprofiler.generator.ysb.AdEvent;
import org.cloudprofiler.generator.ysb.YsbKryo;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;
import org.zeromq.ZMQException;
import zmq.ZError;

/**
 * The Java Object Factory: N receiver threads, each with a ZeroMQ PULL socket bound to its own
 * endpoint, deserializing whole buckets (docs/wire-format.md) with a Kryo of its own and handing
 * them to its own SPSC queue. A full queue drops the bucket and counts its tuples, or, with
 * {@link FullQueuePolicy#WAIT}, holds its receiver until the consumer makes room.
 *
 * <p>Thread-safe: any thread may read counters, open {@link QueuePoller}s and {@link #close()}
 * it. Its threads are daemons and end with {@link #close()}; they never keep a JVM alive.
 */
public final class JavaObjectFactory implements AutoCloseable {
    /** Buckets a receiver's queue holds unless told otherwise. */
    public static final int DEFAULT_QUEUE_CAPACITY = 64;
    /** What a receiver does with a bucket its full queue cannot take, unless told otherwise. */
    public static final FullQueuePolicy DEFAULT_FULL_QUEUE_POLICY = FullQueuePolicy.DROP;
    /** Buckets ZeroMQ queues in front of a receiver unless told otherwise (ZeroMQ's default). */
    public static final int DEFAULT_RECEIVE_HIGH_WATER_MARK = 1000;
    /** How long a receiver waits for a message before it looks whether it should stop. */
    static final int RECEIVE_TIMEOUT_MS = 100;
    // Arrays each receiver keeps for the next buckets: one being filled, one being read, and
    // room for a short backlog; more would only cool in the cache.
    private static final int IDLE_RECEIVE_BUFFERS = 4;

    private final ZContext context;
    private final List<String> endpoints;
    private final List<Receiver> receivers = new ArrayList<>();
    private final List<HandoverQueue> queues = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();

    private JavaObjectFactory(ZContext context, List<String> endpoints, List<ZMQ.Socket> sockets,
            List<ReceiveBufferPool> buffers, List<BucketDeserializer> deserializers,
            int queueCapacity, FullQueuePolicy fullQueuePolicy) {
        this.context = context;
        this.endpoints = List.copyOf(endpoints);
        for (int i = 0; i < sockets.size(); i++) {
            HandoverQueue queue = new HandoverQueue(i, queueCapacity);
            Receiver receiver = new Receiver(i, endpoints.get(i), sockets.get(i),
                    buffers.get(i), deserializers.get(i), queue, fullQueuePolicy);
            Thread thread = new Thread(receiver, "cloudprofiler-jof-receiver-" + i);
            thread.setDaemon(true);
            queues.add(queue);
            receivers.add(receiver);
            threads.add(thread);
        }
        threads.forEach(Thread::start);
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * {@code payload}, if a JOF can read it: for the engines' builders, which hold a payload
     * until a worker starts its JOF, to refuse at configuration what {@link Builder#payload}
     * would refuse only then.
     *
     * @throws IllegalArgumentException for {@link Payload#preloaded()}, which lacks the class
     */
    public static Payload requireReadable(Payload payload) {
        Objects.requireNonNull(payload, "payload");
        if (payload instanceof Payload.Preloaded) {
            throw new IllegalArgumentException("a JOF reads preloaded bytes only knowing"
                    + " their class: use Payload.kryo(type, kryo), not Payload.preloaded()");
        }
        return payload;
    }

    /** The bound endpoints, receiver by receiver, with the actual port where any was asked. */
    public List<String> endpoints() {
        return endpoints;
    }

    public int receiverCount() {
        return receivers.size();
    }

    /** A poller over every receiver's queue, for a single consumer thread. */
    public QueuePoller poller() {
        return new QueuePoller(queues);
    }

    /**
     * A poller over the given receivers' queues.
     *
     * @throws IllegalStateException if another open poller drains one of them
     */
    public QueuePoller poller(int... receiverIndices) {
        List<HandoverQueue> subset = new ArrayList<>();
        for (int index : receiverIndices) {
            subset.add(queues.get(index));
        }
        return new QueuePoller(subset);
    }

    /** The counts of all receivers together. */
    public JofCounters counters() {
        JofCounters total = JofCounters.NONE;
        for (Receiver receiver : receivers) {
            total = total.plus(receiver.counters().snapshot());
        }
        return total;
    }

    public JofCounters counters(int receiverIndex) {
        return receivers.get(receiverIndex).counters().snapshot();
    }

    /** Whether consumers have polled the {@link EndOfRun} of every receiver. */
    public boolean isFinished() {
        return queues.stream().allMatch(HandoverQueue::isFinished);
    }

    /**
     * Stops the receivers, closes their sockets and the ZeroMQ context. Waits for each receiver
     * to finish the bucket in hand, at most {@link #RECEIVE_TIMEOUT_MS} plus one bucket's
     * deserialization; a receiver waiting for room under {@link FullQueuePolicy#WAIT} counts its
     * bucket as dropped. Buckets still queued stay pollable. Idempotent.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        receivers.forEach(Receiver::stop);
        ThreadJoin.joinAll(threads);
        context.close();
    }

    /**
     * Configures and starts a {@link JavaObjectFactory}: where its receivers listen, which
     * payload classes it accepts, how much it queues. Not thread-safe.
     */
    public static final class Builder {
        private final List<String> endpoints = new ArrayList<>();
        private final Map<PayloadClass, Supplier<? extends PayloadReader>> readers =
                new EnumMap<>(PayloadClass.class);
        private int queueCapacity = DEFAULT_QUEUE_CAPACITY;
        private int receiveHighWaterMark = DEFAULT_RECEIVE_HIGH_WATER_MARK;
        private int ioThreads = 1;
        private FullQueuePolicy fullQueuePolicy = DEFAULT_FULL_QUEUE_POLICY;
        private IntFunction<? extends TupleAssembler> assemblers =
                receiver -> TupleAssembler.NONE;

        private Builder() {}

        /**
         * One receiver per endpoint, in order, e.g. {@code tcp://127.0.0.1:5555}; a port
         * {@code *} binds any free port (see {@link JavaObjectFactory#endpoints()}).
         */
        public Builder endpoints(List<String> endpoints) {
            this.endpoints.clear();
            this.endpoints.addAll(endpoints);
            return this;
        }

        /**
         * {@code count} receivers on {@code tcp://host:basePort}, {@code basePort + 1}, ...,
         * as the generator addresses them; {@code basePort} 0 binds any free ports.
         */
        public Builder receivers(String host, int basePort, int count) {
            if (count < 1 || basePort < 0 || basePort + count - 1 > 0xFFFF) {
                throw new IllegalArgumentException("need at least 1 receiver and ports in"
                        + " 1..65535 (or base port 0 for any free ports), not " + count
                        + " from " + basePort);
            }
            List<String> list = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                list.add("tcp://" + host + ":" + (basePort == 0 ? "*" : basePort + i));
            }
            return endpoints(list);
        }

        /**
         * Accepts {@code payload}'s class and hands its payloads over as it says: raw bytes as
         * {@code byte[]}, YSB events as {@link AdEvent}s, a user's Kryo bytes as its class. Call
         * it once per payload class the senders may send.
         *
         * @throws IllegalArgumentException for {@link Payload#preloaded()}, which lacks the class
         */
        public Builder payload(Payload payload) {
            requireReadable(payload);
            if (payload instanceof Payload.UserKryo kryo) {
                return payloadReader(PayloadClass.PRELOADED_KRYO,
                        () -> new KryoPayloadReader(kryo.kryo().create(), kryo.type()));
            }
            if (payload instanceof Payload.Ysb) {
                return payloadReader(PayloadClass.YSB_AD_EVENT,
                        () -> new KryoPayloadReader(YsbKryo.create(), AdEvent.class));
            }
            return payloadReader(PayloadClass.RAW, RawPayloadReader::new);
        }

        /**
         * Accepts {@code payloadClass} and reads its payloads with readers from
         * {@code perReceiver}, called once per receiver when the JOF starts.
         */
        public Builder payloadReader(PayloadClass payloadClass,
                Supplier<? extends PayloadReader> perReceiver) {
            readers.put(payloadClass, perReceiver);
            return this;
        }

        /**
         * Has each receiver turn its deserialized objects into what its consumer emits, with an
         * assembler from {@code perReceiver}, called with each receiver's index when the JOF
         * starts; by default the deserialized objects are handed over as they are. A receiver
         * assembles a bucket before it knows whether its queue has room, so the assembler also
         * runs for buckets that are then dropped.
         */
        public Builder tupleAssemblers(IntFunction<? extends TupleAssembler> perReceiver) {
            this.assemblers = Objects.requireNonNull(perReceiver, "perReceiver");
            return this;
        }

        /** Buckets each receiver's queue holds; at least 1. */
        public Builder queueCapacity(int buckets) {
            if (buckets < 1 || buckets > 1 << 30) {
                throw new IllegalArgumentException("queue capacity " + buckets
                        + " is not in 1..2^30 buckets");
            }
            this.queueCapacity = buckets;
            return this;
        }

        /** What a receiver does with a bucket its full queue cannot take. */
        public Builder whenQueueFull(FullQueuePolicy policy) {
            this.fullQueuePolicy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * Buckets ZeroMQ holds for a receiver before senders' sends would block (and the
         * generator drops); 0 means no limit.
         */
        public Builder receiveHighWaterMark(int buckets) {
            if (buckets < 0) {
                throw new IllegalArgumentException("receive high-water mark " + buckets
                        + " is negative");
            }
            this.receiveHighWaterMark = buckets;
            return this;
        }

        /** ZeroMQ I/O threads, shared by all receivers' sockets; at least 1. */
        public Builder ioThreads(int threads) {
            if (threads < 1) {
                throw new IllegalArgumentException("need at least 1 I/O thread, not "
                        + threads);
            }
            this.ioThreads = threads;
            return this;
        }

        /**
         * Binds every endpoint and starts the receivers.
         *
         * @throws JofBindException if an endpoint cannot be bound (nothing stays open)
         * @throws IllegalStateException if no endpoint or no payload class is configured
         * @throws RuntimeException or {@link Error} from a payload reader's or assembler's
         *     factory (nothing stays open)
         */
        public JavaObjectFactory start() {
            if (endpoints.isEmpty()) {
                throw new IllegalStateException("no endpoints: call receivers(host, basePort,"
                        + " count) or endpoints(...)");
            }
            if (readers.isEmpty()) {
                throw new IllegalStateException("no payload class: call payload(Payload.raw()),"
                        + " payload(Payload.ysb()) or payload(Payload.kryo(...))");
            }
            ZContext context = new ZContext(ioThreads);
            try {
                List<ZMQ.Socket> sockets = new ArrayList<>();
                List<ReceiveBufferPool> buffers = new ArrayList<>();
                List<String> bound = new ArrayList<>();
                List<BucketDeserializer> deserializers = new ArrayList<>();
                for (int i = 0; i < endpoints.size(); i++) {
                    ZMQ.Socket socket = context.createSocket(SocketType.PULL);
                    socket.setLinger(0);
                    socket.setRcvHWM(receiveHighWaterMark);
                    socket.setReceiveTimeOut(RECEIVE_TIMEOUT_MS);
                    // ZeroMQ refuses longer messages before buffering them: no bucket is longer.
                    socket.setMaxMsgSize(WireFormat.HEADER_BYTES + WireFormat.MAX_BODY_BYTES);
                    ReceiveBufferPool pool = new ReceiveBufferPool(IDLE_RECEIVE_BUFFERS);
                    socket.setMsgAllocator(pool);
                    buffers.add(pool);
                    bind(i, socket, endpoints.get(i));
                    sockets.add(socket);
                    bound.add(socket.getLastEndpoint());
                    deserializers.add(newDeserializer(i));
                }
                return new JavaObjectFactory(context, bound, sockets, buffers, deserializers,
                        queueCapacity, fullQueuePolicy);
            } catch (RuntimeException | Error e) {
                // Error too: an assembler factory may fail with one; nothing stays bound.
                context.close();
                throw e;
            }
        }

        private BucketDeserializer newDeserializer(int receiver) {
            Map<PayloadClass, PayloadReader> perClass = new EnumMap<>(PayloadClass.class);
            readers.forEach((payloadClass, supplier) -> perClass.put(payloadClass,
                    supplier.get()));
            return new BucketDeserializer(receiver, perClass, assemblers.apply(receiver));
        }

        private static void bind(int receiver, ZMQ.Socket socket, String endpoint) {
            int error;
            ZMQException cause = null;
            try {
                if (socket.bind(endpoint)) {
                    return;
                }
                error = socket.errno();
            } catch (ZMQException e) {
                error = e.getErrorCode();
                cause = e;
            }
            String fix = error == ZError.EADDRINUSE
                    ? "the address is in use, by another JOF or some other process: stop it,"
                            + " or give the JOF and the generator another base port"
                    : ZError.toString(error) + ": use tcp://HOST:PORT with HOST an address of"
                            + " this machine (or * for all) and a free PORT";
            throw new JofBindException(endpoint, "JOF receiver " + receiver + " cannot bind "
                    + endpoint + ": " + fix, cause);
        }
    }
}
