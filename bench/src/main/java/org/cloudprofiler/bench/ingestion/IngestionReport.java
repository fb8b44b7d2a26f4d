package org.cloudprofiler.bench.ingestion;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.cloudprofiler.generator.search.RunResult;
import org.cloudprofiler.generator.search.SearchStep;

/**
 * Prints an ingestion benchmark's progress lines and final table, and writes its JSON; the
 * same for every engine. Sources are told apart by their names' prefixes: {@code kafka…},
 * {@code jof…} and the ceilings.
 */
public final class IngestionReport {
    private final PrintStream out;
    private final Targets targets;

    public IngestionReport(PrintStream out, Targets targets) {
        this.out = out;
        this.targets = targets;
    }

    /**
     * What the JOF source must reach, as its issue states it.
     *
     * @param jofOverKafka its maximum over each Kafka source's, at least
     * @param ceilingSource the source whose maximum is the ceiling it is compared with, e.g.
     *     {@code ceiling} or {@code ceiling-beside-transport}
     * @param jofOverCeiling its maximum over that ceiling's, at least
     */
    public record Targets(double jofOverKafka, String ceilingSource, double jofOverCeiling) {}

    /**
     * One line per step, as soon as it ran, with the reasons it failed and the JVM's live
     * threads once its topology was gone (a leak would make them grow from run to run).
     */
    public void step(String source, SearchStep step, MeasuredRun run, int liveThreads) {
        RunResult r = step.result();
        out.printf(Locale.ROOT, "%-24s #%-2d %-9s %,12d/s  %s  achieved %,12.0f/s  emitted %,d"
                + "  dropped %,d  ingested %,d  lag p99 %.2f ms, max %.2f ms  drain %s"
                + "  threads %d%n", source, step.index(), step.stage(),
                r.targetTuplesPerSecond(), step.passed() ? "pass" : "FAIL",
                r.achievedTuplesPerSecond(), r.emitted(), r.dropped(), r.ingested(),
                r.lagP99Ns() / 1e6, r.lagMaxNs() / 1e6, drain(run.drainNs()), liveThreads);
        if (!run.details().isEmpty()) {
            out.println("            " + run.details());
        }
        out.println("            " + stolenCpu(run));
        for (String failure : step.failures()) {
            out.println("            failed: " + failure);
        }
        out.flush();
    }

    /** The maxima of every source searched, and the two ratios against their targets. */
    public void table(List<SourceOutcome> outcomes) {
        out.println();
        out.printf(Locale.ROOT, "%-24s %18s %18s %6s%n", "source", "max sustained/s",
                "lowest failed/s", "runs");
        for (SourceOutcome outcome : outcomes) {
            long failed = outcome.search().lowestFailedTuplesPerSecond();
            out.printf(Locale.ROOT, "%-24s %,18d %18s %6d%n", outcome.source(),
                    outcome.search().maxSustainedTuplesPerSecond(),
                    failed < 0 ? "none (limit)" : String.format(Locale.ROOT, "%,d", failed),
                    outcome.search().steps().size());
        }
        for (Map.Entry<String, Double> ratio : ratios(outcomes).entrySet()) {
            boolean overKafka = ratio.getKey().contains("/kafka");
            double target = overKafka ? targets.jofOverKafka() : targets.jofOverCeiling();
            out.printf(Locale.ROOT, "%-34s %s (target ≥ %s): %s%n", ratio.getKey(),
                    overKafka ? String.format(Locale.ROOT, "%.2f×", ratio.getValue())
                            : String.format(Locale.ROOT, "%.1f%%", 100 * ratio.getValue()),
                    overKafka ? String.format(Locale.ROOT, "%.0f×", target)
                            : String.format(Locale.ROOT, "%.0f%%", 100 * target),
                    ratio.getValue() >= target ? "met" : "NOT met");
        }
        out.flush();
    }

    /**
     * Every JOF source's maximum over each Kafka source's and over the targets' ceiling's, e.g.
     * {@code jof-raw/kafka}, {@code jof-raw/kafka-no-guarantee}, for the sources that were
     * searched and sustained something.
     */
    public Map<String, Double> ratios(List<SourceOutcome> outcomes) {
        Map<String, Double> ratios = new LinkedHashMap<>();
        long ceiling = maximum(outcomes, targets.ceilingSource());
        for (SourceOutcome outcome : outcomes) {
            if (!outcome.source().startsWith("jof")) {
                continue;
            }
            long jof = outcome.search().maxSustainedTuplesPerSecond();
            for (SourceOutcome kafka : outcomes) {
                long kafkaMax = kafka.search().maxSustainedTuplesPerSecond();
                if (kafka.source().startsWith("kafka") && kafkaMax > 0) {
                    ratios.put(outcome.source() + "/" + kafka.source(), (double) jof / kafkaMax);
                }
            }
            if (ceiling > 0) {
                ratios.put(outcome.source() + "/" + targets.ceilingSource(),
                        (double) jof / ceiling);
            }
        }
        return ratios;
    }

    private static long maximum(List<SourceOutcome> outcomes, String source) {
        return outcomes.stream().filter(o -> o.source().equals(source)).findFirst()
                .map(o -> o.search().maxSustainedTuplesPerSecond()).orElse(0L);
    }

    /**
     * The CPU the hypervisor took during the run and during the runs it replaces, and how long
     * they waited for it to stop.
     */
    private static String stolenCpu(MeasuredRun run) {
        StringBuilder line = new StringBuilder("CPU stolen by the hypervisor: ")
                .append(percent(run.stolenCpuShare()));
        if (run.quietWait().toSeconds() > 0 || !run.startedQuiet()) {
            line.append(String.format(Locale.ROOT, "; waited %d s for a quiet machine%s",
                    run.quietWait().toSeconds(), run.startedQuiet() ? "" : " in vain"));
        }
        if (!run.discardedStolenCpuShares().isEmpty()) {
            line.append("; measured again after ").append(run.discardedStolenCpuShares().size())
                    .append(" run(s) with more than ")
                    .append(percent(MeasuredIngestionPipeline.MAX_STOLEN_CPU_SHARE)).append(" (")
                    .append(run.discardedStolenCpuShares().stream()
                            .map(IngestionReport::percent).collect(Collectors.joining(", ")))
                    .append(')');
        }
        return line.toString();
    }

    private static String percent(double share) {
        return Double.isNaN(share) ? "unknown"
                : String.format(Locale.ROOT, "%.1f%%", 100 * share);
    }

    /** Writes the settings, every step and the ratios as one JSON document. */
    public void writeJson(Path file, Map<String, Object> settings,
            List<SourceOutcome> outcomes) throws IOException {
        List<Map<String, Object>> sources = new ArrayList<>();
        for (SourceOutcome outcome : outcomes) {
            List<Map<String, Object>> steps = new ArrayList<>();
            for (SearchStep step : outcome.search().steps()) {
                MeasuredRun run = outcome.runs().get(step.index());
                Map<String, Object> json = new LinkedHashMap<>();
                json.put("index", step.index());
                json.put("stage", step.stage());
                json.put("passed", step.passed());
                json.put("result", step.result());
                json.put("drainNs", run.drainNs());
                json.put("details", run.details());
                json.put("stolenCpuShare",
                        Double.isNaN(run.stolenCpuShare()) ? null : run.stolenCpuShare());
                json.put("discardedStolenCpuShares", run.discardedStolenCpuShares());
                json.put("quietWaitMs", run.quietWait().toMillis());
                json.put("startedQuiet", run.startedQuiet());
                json.put("failures", step.failures());
                steps.add(json);
            }
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("source", outcome.source());
            json.put("maxSustainedTuplesPerSecond",
                    outcome.search().maxSustainedTuplesPerSecond());
            json.put("lowestFailedTuplesPerSecond",
                    outcome.search().lowestFailedTuplesPerSecond());
            json.put("resolutionTuplesPerSecond", outcome.search().resolutionTuplesPerSecond());
            json.put("steps", steps);
            sources.add(json);
        }
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("settings", settings);
        document.put("sources", sources);
        document.put("ratios", ratios(outcomes));
        Files.writeString(file, new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValueAsString(document));
    }

    /** The machine's load average now, as /proc/loadavg has it. */
    public static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).strip();
        } catch (IOException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    private static String drain(long drainNs) {
        return drainNs < 0 ? "unfinished" : String.format(Locale.ROOT, "%.1f ms", drainNs / 1e6);
    }
}
