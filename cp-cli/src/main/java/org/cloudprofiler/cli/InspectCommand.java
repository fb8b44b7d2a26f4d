package org.cloudprofiler.cli;

import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.log.RecordBlock;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code cloudprofiler inspect}: summarizes channel log files and reports their damage. Reads
 * the files with the Java reader only; it never loads the native profiling library.
 */
@Command(
        name = "inspect",
        mixinStandardHelpOptions = true,
        versionProvider = CloudProfilerCommand.Version.class,
        description = {
            "Summarizes channel log files (*.cplog): channel, node, handler, codec, records,"
                    + " first and last record, size, trailer totals, and every problem found.",
            "With --records, records go to standard output as CSV and the summaries to"
                    + " standard error, so the CSV can be redirected on its own.",
        },
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {
            "0:every file is intact and was closed cleanly",
            "1:a file has problems (damage, or not closed cleanly), cannot be read, or no log"
                    + " file was found",
            "2:bad usage, e.g. a path that does not exist",
        })
public final class InspectCommand implements Callable<Integer> {

    static final int EXIT_CLEAN = 0;
    static final int EXIT_PROBLEMS = 1;

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "FILE|DIR", arity = "1..*",
            description = "Log files, or directories searched recursively for *.cplog files.")
    private List<Path> paths;

    @Option(names = "--records", description = "Also print every record as CSV.")
    private boolean records;

    @Option(names = "--limit", paramLabel = "N",
            description = "With --records, print at most N records per file.")
    private long limit = Long.MAX_VALUE;

    @Override
    public Integer call() {
        if (limit < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--limit must be 0 or more, not " + limit);
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<Path> files = new ArrayList<>();
        for (Path path : paths) {
            if (!Files.exists(path)) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "No such file or directory: " + path);
            }
            try {
                files.addAll(LogFiles.find(path));
            } catch (IOException e) {
                err.println("cloudprofiler inspect: cannot list " + path + ": " + e);
                return EXIT_PROBLEMS;
            }
        }
        if (files.isEmpty()) {
            err.println("cloudprofiler inspect: no *" + LogFiles.SUFFIX + " files under "
                    + paths);
            return EXIT_PROBLEMS;
        }
        LogSummaryPrinter printer = new LogSummaryPrinter(records ? err : out);
        for (Path file : files) {
            inspect(file, printer, out);
        }
        printer.printTotal();
        out.flush();
        err.flush();
        return printer.anyProblems() ? EXIT_PROBLEMS : EXIT_CLEAN;
    }

    private void inspect(Path file, LogSummaryPrinter printer, PrintWriter out) {
        try (LogReader reader = LogReader.open(file)) {
            if (records && reader.header() != null) {
                RecordCsvWriter csv = new RecordCsvWriter(out, reader.header());
                long left = limit;
                for (RecordBlock block = reader.nextBlock(); block != null && left > 0;
                        block = reader.nextBlock()) {
                    left -= csv.write(block, left);
                }
            }
            printer.print(reader.summary());
        } catch (IOException e) {
            printer.printUnreadable(file.toString(), e.toString());
        }
    }
}
