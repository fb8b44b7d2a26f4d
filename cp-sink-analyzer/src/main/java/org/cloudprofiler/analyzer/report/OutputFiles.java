package org.cloudprofiler.analyzer.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Writes summary.json, hops.csv and report.html into the output directory, each through a
 * temporary file and a rename, so a reader (a browser refreshing while following) never sees
 * half a file.
 */
public final class OutputFiles {

    public static final String SUMMARY = "summary.json";
    public static final String HOPS = "hops.csv";
    public static final String REPORT = "report.html";

    private static final ObjectMapper MAPPER =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private OutputFiles() {}

    /** Writes all three outputs of {@code summary} into {@code directory}. */
    public static void write(AnalysisSummary summary, Path directory) throws IOException {
        Files.createDirectories(directory);
        replace(directory.resolve(SUMMARY), MAPPER.writeValueAsString(summary));
        replace(directory.resolve(HOPS), hopsCsv(summary));
        replace(directory.resolve(REPORT), HtmlReport.render(summary));
    }

    /** One line per hop and locality; empty cells where there are no bounded samples. */
    static String hopsCsv(AnalysisSummary summary) {
        StringBuilder csv = new StringBuilder("hop,kind,from,to,locality,samples,bounded,"
                + "unbounded,negative,violating,latency_min_ns,latency_p50_ns,latency_p90_ns,"
                + "latency_p99_ns,latency_p999_ns,latency_max_ns,latency_mean_ns,bound_min_ns,"
                + "bound_p50_ns,bound_p90_ns,bound_p99_ns,bound_max_ns,bound_mean_ns\n");
        for (AnalysisSummary.HopRow row : summary.hops()) {
            csv.append(quote(row.hop())).append(',').append(row.kind()).append(',')
                    .append(quote(row.from())).append(',').append(quote(row.to())).append(',')
                    .append(row.locality()).append(',').append(row.samples()).append(',')
                    .append(row.boundedSamples()).append(',').append(row.unboundedSamples())
                    .append(',').append(row.negativeSamples()).append(',')
                    .append(row.violatingSamples());
            LatencyStats latency = row.latencyNs();
            LatencyStats bound = row.boundNs();
            if (latency == null) {
                csv.append(",,,,,,,,,,,,,\n");
                continue;
            }
            for (double value : new double[] {latency.min(), latency.p50(), latency.p90(),
                latency.p99(), latency.p999(), latency.max(), latency.mean(), bound.min(),
                bound.p50(), bound.p90(), bound.p99(), bound.max(), bound.mean()}) {
                csv.append(',').append(number(value));
            }
            csv.append('\n');
        }
        return csv.toString();
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }

    private static String quote(String value) {
        return value.contains(",") || value.contains("\"")
                ? '"' + value.replace("\"", "\"\"") + '"' : value;
    }

    private static void replace(Path file, String content) throws IOException {
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.writeString(partial, content, StandardCharsets.UTF_8);
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }
}
