package org.cloudprofiler.bench;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.generator.GeneratorStats;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * The native generator (one sender, raw 100-byte tuples, through its Java API) against a JeroMQ
 * PULL socket in the same JVM that only counts, over loopback TCP: what a Java receiver such as
 * the JOF's can take in before anything is dropped. Not a JMH benchmark: each rate is one run.
 *
 * <pre>java -cp bench/target/benchmarks.jar org.cloudprofiler.bench.GeneratorJeroMqBench
 *     [--rates 1e6,2e6,4e6] [--seconds 5] [--warmup-seconds 3]</pre>
 */
public final class GeneratorJeroMqBench {
    private static final int FLAGS_OFFSET = 6;
    private static final int TUPLE_COUNT_OFFSET = 24;

    private GeneratorJeroMqBench() {}

    public static void main(String[] args) throws Exception {
        List<Double> rates = List.of(1e6, 2e6, 4e6);
        double seconds = 5;
        double warmupSeconds = 3;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--rates" -> {
                    rates = new ArrayList<>();
                    for (String rate : args[i + 1].split(",")) {
                        rates.add(Double.parseDouble(rate));
                    }
                }
                case "--seconds" -> seconds = Double.parseDouble(args[i + 1]);
                case "--warmup-seconds" -> warmupSeconds = Double.parseDouble(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        System.out.println("\n== Generator throughput into a JeroMQ PULL receiver (Java, counts"
                + " only) ==");
        System.out.println("   1 sender, raw 100-byte payloads, buckets of at most 1000 tuples,"
                + " tcp loopback; warm-up " + warmupSeconds + " s at " + rates.get(0) + "/s");
        run(rates.get(0), warmupSeconds);
        System.out.printf(Locale.ROOT, "   %12s %14s %12s %12s %9s  %s%n", "target/s", "sent/s",
                "dropped", "received", "p99 lag", "verdict");
        double highestClean = 0;
        for (double rate : rates) {
            long[] received = new long[1];
            GeneratorResult result = run(rate, seconds, received);
            boolean clean = result.droppedTuples() == 0 && received[0] == result.sentTuples();
            boolean onRate = result.achievedTuplesPerSecond() >= 0.995 * rate;
            if (clean && onRate) {
                highestClean = Math.max(highestClean, rate);
            }
            long worstP99 = result.seconds().stream().mapToLong(GeneratorStats::lagP99Ns).max()
                    .orElse(0);
            System.out.printf(Locale.ROOT, "   %,12.0f %,14.0f %,12d %,12d %6.0f µs  %s%n", rate,
                    result.achievedTuplesPerSecond(), result.droppedTuples(), received[0],
                    worstP99 / 1e3, !clean ? "drops" : onRate ? "sustained"
                            : "fell behind schedule");
        }
        System.out.printf(Locale.ROOT, "   highest rate sustained with 0 drops: %,.0f tuples/s%n",
                highestClean);
    }

    static GeneratorResult run(double rate, double seconds) throws Exception {
        return run(rate, seconds, new long[1], false);
    }

    private static GeneratorResult run(double rate, double seconds, long[] received)
            throws Exception {
        return run(rate, seconds, received, false);
    }

    /**
     * One run; {@code received[0]} gets the tuples the receiver counted. {@code logSends} as
     * {@link Generator.Builder#logSends}.
     */
    static GeneratorResult run(double rate, double seconds, long[] received, boolean logSends)
            throws Exception {
        try (ZContext context = new ZContext()) {
            ZMQ.Socket socket = context.createSocket(SocketType.PULL);
            socket.setReceiveTimeOut(60_000);
            int port = socket.bindToRandomPort("tcp://127.0.0.1");
            Thread counter = new Thread(() -> received[0] = count(socket), "jeromq-counter");
            counter.start();
            try (Generator generator = Generator.builder()
                    .endpoints("tcp://127.0.0.1:" + port).tuplesPerSecond(rate)
                    .duration(Duration.ofNanos((long) (seconds * 1e9))).logSends(logSends)
                    .build()) {
                generator.start();
                GeneratorResult result = generator.awaitEnd();
                counter.join();
                return result;
            }
        }
    }

    // Tuples in the buckets before the end-of-run marker, from the headers alone.
    private static long count(ZMQ.Socket socket) {
        long tuples = 0;
        for (byte[] message; (message = socket.recv()) != null; ) {
            ByteBuffer header = ByteBuffer.wrap(message).order(ByteOrder.LITTLE_ENDIAN);
            if ((header.getShort(FLAGS_OFFSET) & 1) != 0) {
                break;
            }
            tuples += header.getInt(TUPLE_COUNT_OFFSET);
        }
        return tuples;
    }
}
