package org.cloudprofiler.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.cloudprofiler.analyzer.Analyzer;
import org.cloudprofiler.analyzer.AnalyzerOptions;
import org.cloudprofiler.analyzer.join.TimeSelection;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.sync.DriftModel;
import org.cloudprofiler.sync.translate.TranslationMethod;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code cloudprofiler analyze}: per-hop latencies with bounds, throughput and CPU efficiency
 * from channel logs and sync.json, by a Flink job (docs/analyzer-output.md).
 */
@Command(
        name = "analyze",
        mixinStandardHelpOptions = true,
        versionProvider = CloudProfilerCommand.Version.class,
        // docs/analyzer-output.md: 2 says that files were skipped or damaged.
        exitCodeOnInvalidInput = 1,
        description = "Analyse channel logs: per-hop latency with bounds, throughput, CPU per"
                + " tuple; writes summary.json, hops.csv and report.html.")
public final class AnalyzeCommand implements Callable<Integer> {

    /** How long Ctrl-C waits for a followed run's final outputs. */
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

    @Spec
    private CommandSpec spec;

    @Option(names = "--logs", arity = "1..*", required = true,
            description = "Log directories (CP_LOG_DIR or one node's directory) or log files:"
            + " paths, or URIs of a Flink filesystem (file://, hdfs://, s3://, ...), which"
            + " --cluster's task managers read too.")
    private List<String> logs;

    @Option(names = "--sync", description = "sync.json from the sync server; without it every"
            + " event must come from one node.")
    private Path sync;

    @Option(names = "--out", description = "Output directory (default: ${DEFAULT-VALUE}).")
    private Path out = Path.of("cloudprofiler-analysis");

    @Option(names = "--reference", description = "Node whose clock latencies are given on"
            + " (default: the first node by name).")
    private String reference;

    @Option(names = "--method", description = "Clock translation: minrtt or hull (default:"
            + " ${DEFAULT-VALUE}).")
    private String method = "minrtt";

    @Option(names = "--drift-ppm", description = "How much each node's clock rate may vary"
            + " within a segment between two sync phases, ppm; every bound includes what that can"
            + " cost, and spans where sync.json shows more are reported and left unbounded"
            + " (default: ${DEFAULT-VALUE}).")
    private double driftPpm = DriftModel.DEFAULT_DRIFT_PPM;

    @Option(names = "--cluster", description = "host:port of a Flink cluster's REST endpoint;"
            + " default: an embedded MiniCluster.")
    private String cluster;

    @Option(names = "--follow", description = "Keep reading growing logs, refreshing the"
            + " outputs, until every file is closed or Ctrl-C.")
    private boolean follow;

    @Option(names = "--refresh", converter = DurationConverter.class,
            description = "Refresh interval with --follow (default: 5s).")
    private Duration refresh = AnalyzerOptions.DEFAULT_REFRESH;

    @Option(names = "--tuple-timeout", converter = DurationConverter.class,
            description = "How long a tuple's records are awaited (default: 10s).")
    private Duration tupleTimeout = AnalyzerOptions.DEFAULT_TUPLE_TIMEOUT;

    @Option(names = "--parallelism", description = "Parallelism of the join (default: up to"
            + " 2).")
    private Integer parallelism;

    @Option(names = "--readers", description = "Parallel log readers (default: ${DEFAULT-VALUE});"
            + " one lets each tuple's records meet before the shuffle.")
    private int readers = 1;

    @Option(names = "--samples", paramLabel = "DIR", description = "Also write every hop"
            + " sample (tuple id, hop, locality, start, latency, bound) taken by --from/--to as"
            + " Arrow IPC files into DIR, samples-<run>-<subtask>.arrow (.partial if the run did"
            + " not finish); with --cluster, DIR is on each task manager's machine.")
    private Path samples;

    @Option(names = "--from", converter = DurationConverter.class,
            description = "Take only the hop samples whose hop started this long after the run's"
            + " start (its sources' first tuple) or later, e.g. 5s (default: 0s).")
    private Duration from = Duration.ZERO;

    @Option(names = "--to", converter = DurationConverter.class,
            description = "Take only the hop samples whose hop started before this long after"
            + " the run's start, e.g. 60s (default: the end of the logs).")
    private Duration to;

    @Option(names = "--window", converter = DurationConverter.class,
            description = "Window of the latencies over time (default: 1s; doubled as often as"
            + " needed to keep at most 300 per hop).")
    private Duration window = Duration.ofNanos(TimeSelection.DEFAULT_WINDOW_NS);

    @Override
    public Integer call() throws Exception {
        AnalyzerOptions options = options();
        Analyzer analyzer = new Analyzer(options, System.err);
        if (follow) {
            // Ctrl-C ends a followed run: the outputs are written from what was read.
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    analyzer.stopAndAwait(STOP_TIMEOUT);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "cloudprofiler-analyze-stop"));
        }
        AnalysisSummary summary = analyzer.run();
        if (!summary.violations().isEmpty()) {
            return 3; // a duration below zero by more than its bound (docs/analyzer-output.md)
        }
        return summary.input().problemCount() == 0 && summary.unsynchronizedPairs().isEmpty()
                ? 0 : 2;
    }

    private AnalyzerOptions options() throws URISyntaxException {
        TranslationMethod translation = switch (method) {
            case "minrtt" -> TranslationMethod.MINRTT;
            case "hull" -> TranslationMethod.HULL;
            default -> throw new ParameterException(spec.commandLine(), "--method must be minrtt"
                    + " or hull, not \"" + method + "\"");
        };
        try {
            AnalyzerOptions options = AnalyzerOptions.ofLocations(logs, sync, out)
                    .withReference(reference).withMethod(translation).withDriftPpm(driftPpm)
                    .withTupleTimeout(tupleTimeout).withReaders(readers)
                    .withSelection(new TimeSelection(from.toNanos(),
                            to == null ? Long.MAX_VALUE : to.toNanos(), window.toNanos()));
            if (samples != null) {
                options = options.withSamples(samples);
            }
            if (parallelism != null) {
                options = options.withParallelism(parallelism);
            }
            if (cluster != null) {
                options = options.withCluster(cluster, shippedJars());
            }
            return follow ? options.withFollow(refresh) : options;
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** The jar this command runs from: it holds the analyzer and everything it needs. */
    private static List<Path> shippedJars() throws URISyntaxException {
        Path self = Path.of(Analyzer.class.getProtectionDomain().getCodeSource().getLocation()
                .toURI());
        List<Path> jars = new ArrayList<>();
        if (Files.isRegularFile(self)) {
            jars.add(self);
        }
        return jars;
    }
}
