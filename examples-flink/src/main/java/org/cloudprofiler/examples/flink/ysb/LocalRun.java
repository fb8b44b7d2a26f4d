package org.cloudprofiler.examples.flink.ysb;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.cloudprofiler.examples.ysb.common.CampaignWindows;
import org.cloudprofiler.examples.ysb.common.ExpectedWindows;
import org.cloudprofiler.examples.ysb.common.TumblingWindows;
import org.cloudprofiler.examples.ysb.common.WindowKey;
import org.cloudprofiler.flink.profile.CloudProfilerFlink;
import org.cloudprofiler.flink.source.JofSource;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.generator.ysb.AdEvent;
import org.cloudprofiler.generator.ysb.AdEventPool;

/**
 * Runs a YSB job, profiled (docs/flink.md, "Profiling a job"), on a local MiniCluster fed by the
 * generator at a fixed rate through a bounded JofSource, and checks its answer: the windows must equal what the tuple ids imply and nothing
 * may be dropped. Prints what it found; returns the exit code (0 right, 1 wrong, 2 unusable
 * options).
 */
final class LocalRun {

    private LocalRun() {}

    static int run(LocalRunOptions options, String jobName, JobWiring job) {
        long tuples = options.tuples();
        if (options.parallelism < 1 || tuples < 1 || tuples > LocalRunOptions.MAX_TUPLES) {
            System.out.printf(Locale.ROOT, "PROBLEM: need a parallelism of at least 1 and 1 to"
                    + " %,d events, not %d and %,d (--rate x --seconds)%n",
                    LocalRunOptions.MAX_TUPLES, options.parallelism, tuples);
            return 2;
        }
        AdEventPool pool = AdEventPool.generate(options.seed, (int) tuples);
        JofSource<AdEvent> source =
                GeneratedAdEvents.source(options.basePort, options.parallelism);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(options.parallelism);
        CampaignWindows.clear(jobName);
        job.addTo(env, source, pool.campaignOfAd(), jobName);
        System.out.printf(Locale.ROOT, "%s on a local MiniCluster: %,d tuples/s for %d s,"
                + " parallelism %d, JOF receivers on %s%n", jobName, options.tuplesPerSecond,
                options.seconds, options.parallelism, source.endpoints());

        CompletableFuture<GeneratorResult> generator = GeneratedAdEvents.send(pool, tuples,
                options.tuplesPerSecond, source.endpoints());
        try {
            CloudProfilerFlink.profile(env).execute(jobName);
        } catch (Exception e) {
            System.out.println("PROBLEM: the job failed: " + e);
            return 1;
        }
        GeneratorResult result;
        try {
            result = generator.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        } catch (ExecutionException e) {
            System.out.println("PROBLEM: the generator failed: " + e.getCause());
            return 1;
        }
        return report(jobName, result, ExpectedWindows.ofGeneratorTuples(pool, tuples,
                TumblingWindows.YSB));
    }

    private static int report(String jobName, GeneratorResult result,
            Map<WindowKey, Long> expected) {
        Map<WindowKey, Long> windows = CampaignWindows.of(jobName);
        System.out.printf(Locale.ROOT, "generator: %,d tuples sent at %,.0f tuples/s, %,d"
                + " dropped%n", result.sentTuples(), result.achievedTuplesPerSecond(),
                result.droppedTuples());
        System.out.printf(Locale.ROOT, "sink: %,d views counted in %,d campaign windows of %d"
                + " s%n", windows.values().stream().mapToLong(Long::longValue).sum(),
                windows.size(), TumblingWindows.YSB.windowMs() / 1000);
        int code = 0;
        for (String problem : result.problems()) {
            System.out.println("PROBLEM: " + problem);
            code = 1;
        }
        if (!windows.equals(expected)) {
            long wrong = expected.entrySet().stream()
                    .filter(window -> !window.getValue().equals(windows.get(window.getKey())))
                    .count();
            System.out.printf(Locale.ROOT, "PROBLEM: %,d of the %,d campaign windows the tuple"
                    + " ids imply have another count or none, and %,d windows are not among"
                    + " them%n", wrong, expected.size(), windows.keySet().stream()
                    .filter(window -> !expected.containsKey(window)).count());
            code = 1;
        }
        return code;
    }
}
