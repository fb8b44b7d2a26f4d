package org.cloudprofiler.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.cloudprofiler.analyzer.compare.RunComparison;
import org.cloudprofiler.analyzer.compare.RunNames;
import org.cloudprofiler.analyzer.compare.SummaryFile;
import org.cloudprofiler.analyzer.report.ComparisonReport;
import org.cloudprofiler.analyzer.report.ComparisonTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code cloudprofiler compare A B}: two analyses side by side per hop, p50 and p99 with their
 * bounds, each difference called faster, slower or within bounds, under a warning line per
 * reason they are not comparable as they stand (docs/compare.md); {@code --names storm,flink}
 * calls A and B so wherever they are named.
 */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        versionProvider = CloudProfilerCommand.Version.class,
        description = "Compare two analyses hop by hop: p50 and p99 with their bounds; a"
                + " difference within the bounds is not called faster or slower. A warning line"
                + " first names what makes them not comparable as they stand: an unfinished"
                + " analysis, other --from/--to, a warm-up in one only.")
public final class CompareCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A", description = "The first analysis: the output"
            + " directory of 'cloudprofiler analyze', or its summary.json.")
    private Path a;

    @Parameters(index = "1", paramLabel = "B", description = "The second analysis, compared"
            + " with A.")
    private Path b;

    @Option(names = "--names", paramLabel = "A,B", description = "What to call A and B"
            + " wherever the table and the page name one, as storm,flink: two different names"
            + " of at most " + RunNames.MAX_LENGTH + " characters (default: A,B).")
    private String names;

    @Option(names = "--html", description = "Where to write the comparison as HTML (default:"
            + " ${DEFAULT-VALUE}).")
    private Path html = Path.of("comparison.html");

    @Override
    public Integer call() throws Exception {
        OutputFileOption.requireWritable(spec, "--html", html);
        RunNames runNames = names == null ? RunNames.DEFAULT : parseNames();
        RunComparison comparison = RunComparison.of(SummaryFile.read(a), SummaryFile.read(b),
                runNames);
        Files.writeString(html, ComparisonReport.render(comparison), StandardCharsets.UTF_8);
        spec.commandLine().getOut().print(ComparisonTable.render(comparison));
        spec.commandLine().getOut().println("HTML: " + html);
        spec.commandLine().getOut().flush();
        return 0;
    }

    private RunNames parseNames() {
        try {
            return RunNames.parse(names);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--names " + names + ": "
                    + e.getMessage());
        }
    }
}
