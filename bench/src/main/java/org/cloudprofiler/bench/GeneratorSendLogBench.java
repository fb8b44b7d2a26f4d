package org.cloudprofiler.bench;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

import com.sun.management.OperatingSystemMXBean;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.generator.GeneratorStats;

/**
 * What logging the generator's sends costs ({@code Generator.Builder.logSends}): runs at one
 * rate with the log off and on, alternating in one JVM (off, on, on, off, ...), into the JeroMQ
 * counter of {@link GeneratorJeroMqBench}, and prints each run's rate, drops, worst p99 lag, the
 * process's CPU (generator, its I/O thread, the receiver, and with the log on the core's flush
 * threads), and per tuple emitted the CPU of the sender thread and of all native threads of the
 * generator and the core ({@link ThreadCpu}; those do not depend on what the other processes of
 * a busy machine take). Not a JMH benchmark: each run is one generator run.
 *
 * <pre>CP_LOG_DIR=... java -cp bench/target/benchmarks.jar
 *     org.cloudprofiler.bench.GeneratorSendLogBench [--rate 8e6] [--seconds 5] [--pairs 3]</pre>
 */
public final class GeneratorSendLogBench {

    private GeneratorSendLogBench() {}

    public static void main(String[] args) throws Exception {
        double rate = 8e6;
        double seconds = 5;
        int pairs = 3;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--rate" -> rate = Double.parseDouble(args[i + 1]);
                case "--seconds" -> seconds = Double.parseDouble(args[i + 1]);
                case "--pairs" -> pairs = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        OperatingSystemMXBean os =
                (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        System.out.println("\n== Generator: logging its sends, off against on, alternating in one"
                + " JVM ==");
        System.out.printf(Locale.ROOT, "   1 sender, raw 100-byte payloads, buckets of at most"
                + " 1000 tuples, JeroMQ counter; %,.0f tuples/s for %.0f s a run%n", rate,
                seconds);
        GeneratorJeroMqBench.run(rate, 3);  // warm-up, not reported
        System.out.printf(Locale.ROOT, "   %-4s %14s %12s %12s %9s %7s %14s %14s%n", "log",
                "sent/s", "dropped", "received", "p99 lag", "cores", "sender ns/tup",
                "native ns/tup");
        double[] coresSum = new double[2];
        double[] senderSum = new double[2];
        double[] nativeSum = new double[2];
        for (int run = 0; run < 2 * pairs; run++) {
            // off, on, on, off, ...: a drift of the machine weighs on both alike.
            boolean logSends = (run % 4 == 1) || (run % 4 == 2);
            long[] received = new long[1];
            ThreadCpu sender = new ThreadCpu("cp-gen-send");
            ThreadCpu core = new ThreadCpu("cp-");  // sender, stats and the core's threads
            core.sample();
            long coreBefore = core.totalNs();
            Thread sampler = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    sender.sample();
                    core.sample();
                    LockSupport.parkNanos(5_000_000);
                }
            }, "thread-cpu-sampler");
            sampler.start();
            long cpuBefore = os.getProcessCpuTime();
            long wallBefore = System.nanoTime();
            GeneratorResult result = GeneratorJeroMqBench.run(rate, seconds, received, logSends);
            double cores = (os.getProcessCpuTime() - cpuBefore)
                    / (double) (System.nanoTime() - wallBefore);
            sampler.interrupt();
            sampler.join();
            double senderNsPerTuple = sender.totalNs() / (double) result.emittedTuples();
            double nativeNsPerTuple = (core.totalNs() - coreBefore)
                    / (double) result.emittedTuples();
            coresSum[logSends ? 1 : 0] += cores;
            senderSum[logSends ? 1 : 0] += senderNsPerTuple;
            nativeSum[logSends ? 1 : 0] += nativeNsPerTuple;
            long worstP99 = result.seconds().stream().mapToLong(GeneratorStats::lagP99Ns).max()
                    .orElse(0);
            System.out.printf(Locale.ROOT,
                    "   %-4s %,14.0f %,12d %,12d %6.0f µs %7.2f %14.2f %14.2f%n",
                    logSends ? "on" : "off", result.achievedTuplesPerSecond(),
                    result.droppedTuples(), received[0], worstP99 / 1e3, cores,
                    senderNsPerTuple, nativeNsPerTuple);
        }
        System.out.printf(Locale.ROOT, "   means, off / on: process %.3f / %.3f cores; sender"
                + " thread %.2f / %.2f ns per tuple; all native threads %.2f / %.2f ns per"
                + " tuple%n", coresSum[0] / pairs, coresSum[1] / pairs, senderSum[0] / pairs,
                senderSum[1] / pairs, nativeSum[0] / pairs, nativeSum[1] / pairs);
    }
}
