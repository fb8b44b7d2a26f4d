package org.cloudprofiler.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.jof.JavaObjectFactory;
import org.cloudprofiler.generator.search.GeneratorJofPipeline;
import org.cloudprofiler.generator.search.MaxThroughputSearch;
import org.cloudprofiler.generator.search.PassCriteria;
import org.cloudprofiler.generator.search.RunResult;
import org.cloudprofiler.generator.search.SearchResult;
import org.cloudprofiler.generator.search.SearchStep;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Finds the highest rate generator → JOF → a draining consumer sustains in this process: fixed
 * runs, doubling then bisection, a progress line per run, the answer and every run as JSON.
 */
@Command(name = "max-throughput", mixinStandardHelpOptions = true,
        versionProvider = CloudProfilerCommand.Version.class,
        description = "Find the highest ingestion rate with no drop and bounded lag: generator"
                + " -> JOF -> draining consumer, on this machine.")
public final class MaxThroughputCommand implements Callable<Integer> {

    @Option(names = "--receivers", description = "JOF receiver threads (default:"
            + " ${DEFAULT-VALUE}).")
    int receivers = 1;

    @Option(names = "--senders", description = "Generator sender threads (default:"
            + " ${DEFAULT-VALUE}).")
    int senders = 1;

    @Option(names = "--payload", description = "raw or ysb (default: ${DEFAULT-VALUE}).")
    String payload = "raw";

    @Option(names = "--raw-bytes", description = "Raw payload size (default: ${DEFAULT-VALUE}).")
    int rawBytes = Generator.DEFAULT_RAW_PAYLOAD_BYTES;

    @Option(names = "--start", description = "Rate of the first run, tuples/s (default:"
            + " ${DEFAULT-VALUE}).")
    long start = 500_000;

    @Option(names = "--max", description = "Never ask for more, tuples/s (default:"
            + " ${DEFAULT-VALUE}).")
    long max = 64_000_000;

    @Option(names = "--resolution", description = "Stop when pass and failure are this close,"
            + " tuples/s (default: ${DEFAULT-VALUE}).")
    long resolution = 100_000;

    @Option(names = "--run", converter = DurationConverter.class,
            description = "Length of each run (default: 5s).")
    Duration run = Duration.ofSeconds(5);

    @Option(names = "--warm-up", converter = DurationConverter.class,
            description = "A run at half the start rate before the search, shown but not part"
                    + " of it, so that the search does not measure cold code; 0s for none, else"
                    + " at least 1s (default: 10s).")
    Duration warmUp = Duration.ofSeconds(10);

    @Option(names = "--max-lag", converter = DurationConverter.class,
            description = "Largest schedule lag (p99, and at the end) a passing run may show"
                    + " (default: 10ms).")
    Duration maxLag = PassCriteria.DEFAULT.maxLag();

    @Option(names = "--json", description = "Write the answer and every run to this file.")
    Path json;

    @Spec
    private CommandSpec spec;

    private final PrintStream console = System.out;

    @Override
    public Integer call() throws Exception {
        if (!payload.equals("raw") && !payload.equals("ysb")) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--payload must be raw or ysb, not " + payload);
        }
        // A shorter warm-up warms nothing, and may be too short for a tuple at a low rate.
        if (!warmUp.isZero() && warmUp.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--warm-up must be 0s (none) or at least 1s, not " + warmUp);
        }
        if (json != null) {
            OutputFileOption.requireWritable(spec, "--json", json);
        }
        boolean ysb = payload.equals("ysb");
        GeneratorJofPipeline pipeline = new GeneratorJofPipeline(() -> {
            JavaObjectFactory.Builder jof = JavaObjectFactory.builder()
                    .receivers("127.0.0.1", 0, receivers);
            return jof.payload(ysb ? Payload.ysb() : Payload.raw());
        }, () -> {
            Generator.Builder generator = Generator.builder().senderThreads(senders);
            return generator.payload(ysb ? Payload.ysb() : Payload.raw(rawBytes));
        }, Duration.ofSeconds(30));
        MaxThroughputSearch search;
        try {
            search = new MaxThroughputSearch(pipeline, new PassCriteria(
                    PassCriteria.DEFAULT.rateTolerance(), maxLag), run, start, max, resolution,
                    this::print).warmUpFirst(warmUp);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--start, --max,"
                    + " --resolution, --run or --warm-up: " + e.getMessage());
        }
        console.printf(Locale.ROOT, "searching: %s payload, %d sender(s) -> %d JOF receiver(s),"
                + " %d s per run, resolution %,d tuples/s, %d s of warm-up first%n", payload,
                senders, receivers, run.toSeconds(), resolution, warmUp.toSeconds());
        SearchResult result = search.search();
        console.printf(Locale.ROOT, "max sustained: %,d tuples/s%s%n",
                result.maxSustainedTuplesPerSecond(), result.lowestFailedTuplesPerSecond() < 0
                        ? " (every run passed up to --max)"
                        : String.format(Locale.ROOT, " (%,d failed)",
                                result.lowestFailedTuplesPerSecond()));
        if (json != null) {
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValue(json.toFile(), result);
            console.println("wrote " + json);
        }
        return result.maxSustainedTuplesPerSecond() > 0 ? 0 : 1;
    }

    private void print(SearchStep step) {
        RunResult r = step.result();
        String run = step.isWarmUp() ? "warm-up (not searched)"
                : String.format(Locale.ROOT, "run %2d (%s)", step.index(), step.stage());
        console.printf(Locale.ROOT, "  %-22s %,13d/s: achieved %,13.0f/s, emitted %,d,"
                + " ingested %,d, dropped %,d, lag p99 %.3f ms -> %s%n", run,
                r.targetTuplesPerSecond(), r.achievedTuplesPerSecond(), r.emitted(),
                r.ingested(), r.dropped(), r.lagP99Ns() / 1e6,
                step.passed() ? "pass" : "FAIL: " + String.join("; ", step.failures()));
    }
}
