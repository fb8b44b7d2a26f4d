package org.cloudprofiler.generator;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.channel.IngestionChannel;
import org.cloudprofiler.internal.NativeLibrary;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogFormat;

/**
 * One run of the native throughput-controlled generator: T sender threads push buckets of
 * tuples (docs/wire-format.md) to the JOF's receivers at a fixed rate, each on an absolute
 * schedule; a send that would block is a counted drop, never a wait. Build it, optionally
 * {@link #loadBytes load bytes}, {@link #start}, then {@link #awaitEnd}; {@link #close} releases
 * everything. Thread-safe. Its threads never keep the JVM alive.
 */
public final class Generator implements AutoCloseable {
    /** System property naming a {@code libcloudprofiler_generator.so} to load instead. */
    public static final String PATH_PROPERTY = "cloudprofiler.generator.native.path";

    public static final double DEFAULT_TUPLES_PER_SECOND = 1_000_000;
    public static final int DEFAULT_BUCKET_TUPLES = 1000;
    public static final Duration DEFAULT_BUCKET_SPAN = Duration.ofMillis(1);
    public static final int DEFAULT_RAW_PAYLOAD_BYTES = 100;
    public static final int DEFAULT_SEND_HIGH_WATER_MARK = 1000;
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(5);
    public static final Duration DEFAULT_MARKER_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_SPIN_WINDOW = Duration.ofNanos(50_000);

    private static final NativeLibrary LIBRARY = new NativeLibrary(
            "libcloudprofiler_generator.so", PATH_PROPERTY,
            Map.of("libzmq.so.5", "apt-get install libzmq5"));
    private static final long POLL_SLICE_MS = 100;

    private enum State { CREATED, RUNNING, ENDED, CLOSED }

    private final Consumer<GeneratorStats> onSecond;
    private final List<GeneratorStats> seconds = new ArrayList<>();
    // Natives run under the read lock; destroy0 takes the write lock, so no call can outlive
    // the native object.
    private final ReentrantReadWriteLock lifecycle = new ReentrantReadWriteLock();
    private final long handle;
    // The senders' channels (IngestionChannel) while they are open; empty if sends are not
    // logged. Closed once the senders have ended, or by close(); under this object's monitor.
    private long[] sendChannels = new long[0];
    // Changed under this object's monitor, or to CLOSED under the write lock alone, so that
    // close() never waits for the monitor while holding the lock.
    private volatile State state = State.CREATED;
    private Thread statsThread;
    private GeneratorResult result;

    private Generator(Builder builder) {
        LIBRARY.loadOnce();
        this.onSecond = builder.onSecond;
        this.handle = create0(builder.nativeOptions());
        if (builder.logSends) {
            try {
                openSendChannels(builder.senderThreads);
            } catch (RuntimeException e) {
                closeSendChannels();
                destroy0(handle);
                throw e;
            }
        }
    }

    private void openSendChannels(int senders) {
        long[] channels = new long[senders];
        sendChannels = channels;
        for (int t = 0; t < senders; t++) {
            channels[t] = CloudProfiler.openChannel(IngestionChannel.name(t), LogFormat.ZSTD,
                    HandlerType.ID);
        }
        logSends0(handle, CloudProfiler.nativeLogApi(), channels);
    }

    /** Flushes the senders' logs into their files; their threads have ended or never ran. */
    private void closeSendChannels() {
        for (long channel : sendChannels) {
            if (channel != 0) {
                CloudProfiler.closeChannel(channel);
            }
        }
        sendChannels = new long[0];
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * The payloads of a run of {@link Payload#kryo Kryo payloads} (the paper's
     * {@code loadBytes}), copied now; the tuple with id {@code base + g} carries payload
     * {@code g mod payloads.size()}. Before {@link #start}.
     */
    public void loadBytes(List<byte[]> payloads) {
        Objects.requireNonNull(payloads, "payloads");
        byte[][] copies = payloads.toArray(byte[][]::new);
        for (int i = 0; i < copies.length; i++) {
            Objects.requireNonNull(copies[i], "payload " + i);
        }
        synchronized (this) {
            requireState(State.CREATED, "load bytes into");
            withHandle(() -> loadBytes0(handle, copies));
        }
    }

    /**
     * Connects to every receiver and starts the run once all have answered.
     *
     * @throws org.cloudprofiler.CloudProfilerException naming the receivers that did not answer
     *     within the connect timeout
     * @throws IllegalStateException if started before, or preloaded without bytes
     */
    public void start() {
        synchronized (this) {
            requireState(State.CREATED, "start");
            withHandle(() -> start0(handle));
            state = State.RUNNING;
            statsThread = new Thread(this::deliverSeconds, "cloudprofiler-generator-stats");
            statsThread.setDaemon(true);
            statsThread.start();
        }
    }

    /** Asks the senders to stop after their current bucket; they still send their markers. */
    public void stop() {
        synchronized (this) {
            if (state != State.RUNNING) {
                return;
            }
        }
        withHandle(() -> stop0(handle));
    }

    /** Tuples emitted (sent + dropped) so far. */
    public long emittedTuples() {
        return withHandle(() -> emittedTuples0(handle));
    }

    /** Waits for the end of the run (bounded runs end by themselves; others after stop()). */
    public GeneratorResult awaitEnd() throws InterruptedException {
        Optional<GeneratorResult> ended;
        do {
            ended = awaitEnd(Duration.ofDays(1));
        } while (ended.isEmpty());
        return ended.get();
    }

    /**
     * Waits at most {@code timeout} for the end of the run, then a little longer while queued
     * buckets leave (at most the marker timeout). Empty if the run goes on.
     */
    public Optional<GeneratorResult> awaitEnd(Duration timeout) throws InterruptedException {
        synchronized (this) {
            if (result != null) {
                return Optional.of(result);
            }
            if (state != State.RUNNING) {
                throw new IllegalStateException("the generator is " + state.name().toLowerCase()
                        + ": start it before awaiting its end");
            }
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        for (;;) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            long leftMs = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            long sliceMs = Math.max(0, Math.min(POLL_SLICE_MS, leftMs));
            if (withHandle(() -> awaitEnd0(handle, sliceMs))) {
                break;
            }
            if (leftMs <= 0) {
                return Optional.empty();
            }
        }
        // Ends by itself once the native side has handed over its last record.
        statsThread.join();
        synchronized (this) {
            if (result == null) {
                closeSendChannels();
                result = collectResult();
                state = State.ENDED;
            }
            return Optional.of(result);
        }
    }

    /**
     * Stops a running generator, waits for its end, and frees the native side. Idempotent; an
     * interrupt while waiting is kept for the caller.
     */
    @Override
    public void close() {
        boolean running;
        synchronized (this) {
            if (state == State.CLOSED) {
                return;
            }
            running = state == State.RUNNING;
        }
        if (running) {
            stop();
            boolean interrupted = false;
            for (;;) {
                try {
                    awaitEnd();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (this) {
            closeSendChannels();  // a generator never started
        }
        lifecycle.writeLock().lock();
        try {
            if (state != State.CLOSED) {
                destroy0(handle);
                state = State.CLOSED;
            }
        } finally {
            lifecycle.writeLock().unlock();
        }
    }

    /**
     * The ads of the built-in YSB events drawn from {@code seed}, each mapped to its campaign:
     * what a YSB pipeline joins the events against. 100 campaigns of 10 ads, all UUID text.
     */
    public static Map<String, String> ysbAdCampaigns(long seed) {
        LIBRARY.loadOnce();
        Map<String, String> campaignOfAd = new HashMap<>();
        for (YsbAdCampaign ad : ysbAdCampaigns0(seed)) {
            campaignOfAd.put(ad.adId(), ad.campaignId());
        }
        return Map.copyOf(campaignOfAd);
    }

    private void deliverSeconds() {
        boolean callbackFailed = false;
        for (;;) {
            GeneratorStats stats = withHandle(() -> pollSecond0(handle, POLL_SLICE_MS));
            if (stats == null) {
                if (withHandle(() -> secondsEnded0(handle))) {
                    return;
                }
                continue;
            }
            synchronized (seconds) {
                seconds.add(stats);
            }
            if (onSecond != null && !callbackFailed) {
                try {
                    onSecond.accept(stats);
                } catch (RuntimeException e) {
                    // The run goes on; a broken callback is reported once, not every second.
                    callbackFailed = true;
                    System.err.println("cloudprofiler generator: the per-second callback failed"
                            + " and gets no further records: " + e);
                }
            }
        }
    }

    private GeneratorResult collectResult() {
        List<GeneratorStats> recorded;
        synchronized (seconds) {
            recorded = List.copyOf(seconds);
        }
        return withHandle(() -> result0(handle, recorded));
    }

    private void requireState(State expected, String action) {
        if (state != expected) {
            throw new IllegalStateException("cannot " + action + " a generator that is "
                    + state.name().toLowerCase() + (state == State.CREATED ? ""
                            : ": a generator runs once, build a new one for another run"));
        }
    }

    private interface NativeCall<T> {
        T call();
    }

    private <T> T withHandle(NativeCall<T> call) {
        lifecycle.readLock().lock();
        try {
            if (state == State.CLOSED) {
                throw new IllegalStateException("the generator is closed");
            }
            return call.call();
        } finally {
            lifecycle.readLock().unlock();
        }
    }

    private void withHandle(Runnable call) {
        withHandle(() -> {
            call.run();
            return null;
        });
    }

    /** Rejects what a long of nanoseconds cannot hold; the native validation checks the range. */
    private static long nanos(Duration duration, String what) {
        Objects.requireNonNull(duration, what);
        try {
            return duration.toNanos();
        } catch (ArithmeticException tooLong) {
            throw new IllegalArgumentException("the " + what + " of " + duration
                    + " is beyond what a long of nanoseconds holds (292 years)");
        }
    }

    private static int toIntMillis(Duration duration, String what) {
        Objects.requireNonNull(duration, what);
        if (duration.compareTo(Duration.ofMillis(1)) < 0
                || duration.compareTo(Duration.ofMillis(Integer.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("the " + what + " must be 1 ms to 24 days, not "
                    + duration);
        }
        return (int) duration.toMillis();
    }

    private static native long create0(GeneratorOptions options);

    private static native void loadBytes0(long handle, byte[][] payloads);

    private static native void logSends0(long handle, long logApi, long[] channels);

    private static native void start0(long handle);

    private static native void stop0(long handle);

    private static native boolean awaitEnd0(long handle, long timeoutMs);

    /** The next second's record; null if none came within the timeout or the last was taken. */
    private static native GeneratorStats pollSecond0(long handle, long timeoutMs);

    /** Whether the last second's record has been taken. */
    private static native boolean secondsEnded0(long handle);

    private static native long emittedTuples0(long handle);

    /** The totals of an ended run, with the per-second records Java collected. */
    private static native GeneratorResult result0(long handle, List<GeneratorStats> seconds);

    private static native void destroy0(long handle);

    /** Every ad of the YSB campaigns drawn from {@code seed}, with its campaign. */
    private static native YsbAdCampaign[] ysbAdCampaigns0(long seed);

    /** Options of a run, with their defaults; {@link #build} validates them. */
    public static final class Builder {
        private List<String> endpoints = List.of();
        private int senderThreads = 1;
        private double tuplesPerSecond = DEFAULT_TUPLES_PER_SECOND;
        private long tupleCount;
        private Duration duration = Duration.ZERO;
        private int bucketTuples = DEFAULT_BUCKET_TUPLES;
        private Duration bucketSpan = DEFAULT_BUCKET_SPAN;
        private Payload payload = Payload.raw();
        private long seed = 1;
        private long idBase;
        private int sendHighWaterMark = DEFAULT_SEND_HIGH_WATER_MARK;
        private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
        private Duration markerTimeout = DEFAULT_MARKER_TIMEOUT;
        private int ioThreads = 1;
        private Duration spinWindow = DEFAULT_SPIN_WINDOW;
        private boolean logSends;
        private Consumer<GeneratorStats> onSecond;

        private Builder() {}

        /** The JOF receivers' endpoints, e.g. {@code tcp://127.0.0.1:5555}; required. */
        public Builder endpoints(List<String> endpoints) {
            this.endpoints = List.copyOf(endpoints);
            return this;
        }

        public Builder endpoints(String... endpoints) {
            return endpoints(List.of(endpoints));
        }

        /** Sender threads T, each with one PUSH socket per receiver (default 1). */
        public Builder senderThreads(int senderThreads) {
            this.senderThreads = senderThreads;
            return this;
        }

        /** The rate of the whole run, all senders together (default 1,000,000). */
        public Builder tuplesPerSecond(double tuplesPerSecond) {
            this.tuplesPerSecond = tuplesPerSecond;
            return this;
        }

        /** Ends the run after this many tuples; without a count or duration it runs until stop. */
        public Builder tupleCount(long tupleCount) {
            this.tupleCount = tupleCount;
            return this;
        }

        /** Ends the run after rate × duration tuples. */
        public Builder duration(Duration duration) {
            this.duration = duration;
            return this;
        }

        /**
         * Tuples per bucket at most (default 1000); a bucket also holds at most {@link
         * #bucketSpan} of one sender's tuples, so low rates send small buckets rather than
         * bursts.
         */
        public Builder bucketTuples(int bucketTuples) {
            this.bucketTuples = bucketTuples;
            return this;
        }

        /**
         * How much of one sender's schedule a bucket may hold at most (default 1 ms, 1 µs to
         * 1 s). Longer spans let high rates fill larger buckets: fewer messages, and fewer
         * wake-ups of the threads that carry them, for up to this much more latency.
         */
        public Builder bucketSpan(Duration bucketSpan) {
            this.bucketSpan = bucketSpan;
            return this;
        }

        /** What each tuple carries (default {@link Payload#raw()}, 100 pseudo-random bytes). */
        public Builder payload(Payload payload) {
            this.payload = Objects.requireNonNull(payload, "payload");
            return this;
        }

        /** Seed of the raw bytes and of the YSB events and campaigns (default 1). */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /** The first tuple id (default 0): sender t's k-th tuple gets {@code base + k·T + t}. */
        public Builder idBase(long idBase) {
            this.idBase = idBase;
            return this;
        }

        /** Buckets queued per socket before a send counts as a drop (default 1000). */
        public Builder sendHighWaterMark(int buckets) {
            this.sendHighWaterMark = buckets;
            return this;
        }

        /** How long start() waits for every receiver to answer (default 5 s). */
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = timeout;
            return this;
        }

        /** How long each sender tries to hand over its end-of-run markers (default 10 s). */
        public Builder markerTimeout(Duration timeout) {
            this.markerTimeout = timeout;
            return this;
        }

        /** ZeroMQ I/O threads (default 1). */
        public Builder ioThreads(int ioThreads) {
            this.ioThreads = ioThreads;
            return this;
        }

        /**
         * How long before each bucket's due time a sender stops sleeping and spins (default
         * 50 µs, at most 1 ms): it keeps the schedule lag in tens of µs. Zero sleeps straight
         * to the due time (late by the timer's overshoot, and now and then by milliseconds;
         * docs/benchmarks.md, "Generator and Java Object Factory") and leaves the CPU to an engine on the same cores.
         */
        public Builder spinWindow(Duration spinWindow) {
            this.spinWindow = spinWindow;
            return this;
        }

        /**
         * Whether each sender logs every bucket it sends (its first and last tuple id, with the
         * time of the send) on channel {@code generator/<sender>/out} of the profiling core
         * ({@link IngestionChannel}; log directory and node id as for every channel:
         * {@code CP_LOG_DIR}, {@code CP_NODE_ID}), so that the analyzer measures the time from
         * the generator to the spout as a hop. Off by default; docs/benchmarks.md has its cost.
         * The channels are opened when the generator is built, which throws
         * {@link org.cloudprofiler.CloudProfilerException} if their files cannot be created.
         */
        public Builder logSends(boolean logSends) {
            this.logSends = logSends;
            return this;
        }

        /**
         * Called once per second of the run with its record, on the generator's own thread; it
         * must return quickly. Every record also ends up in {@link GeneratorResult#seconds()}.
         */
        public Builder onSecond(Consumer<GeneratorStats> onSecond) {
            this.onSecond = onSecond;
            return this;
        }

        private int rawPayloadBytes() {
            return payload instanceof Payload.Raw raw ? raw.bytes() : DEFAULT_RAW_PAYLOAD_BYTES;
        }

        private GeneratorOptions nativeOptions() {
            return new GeneratorOptions(endpoints.toArray(String[]::new), senderThreads,
                    tuplesPerSecond, tupleCount, nanos(duration, "duration"), bucketTuples,
                    payload.payloadClass().id(), rawPayloadBytes(), seed, idBase, sendHighWaterMark,
                    toIntMillis(connectTimeout, "connect timeout"),
                    toIntMillis(markerTimeout, "marker timeout"), ioThreads,
                    nanos(spinWindow, "spin window"), nanos(bucketSpan, "bucket span"));
        }

        /**
         * A generator with these options, not yet started.
         *
         * @throws IllegalArgumentException naming the first bad option
         */
        public Generator build() {
            return new Generator(this);
        }
    }
}
