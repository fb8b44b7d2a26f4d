package org.cloudprofiler.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogHeader;
import org.cloudprofiler.log.LogProblem;
import org.cloudprofiler.log.LogSummary;
import org.cloudprofiler.log.LogTrailer;

/**
 * Prints log file summaries as a table per file, and a total line over them; the view shared by
 * {@code inspect} and {@code handler-tour}. Not thread-safe: it accumulates the totals.
 */
public final class LogSummaryPrinter {

    private final PrintWriter out;
    private long files;
    private long records;
    private long blocks;
    private long bytes;
    private long notClosedCleanly;
    private long filesWithProblems;
    private long problems;

    public LogSummaryPrinter(PrintWriter out) {
        this.out = out;
    }

    /** Prints one file's table and counts it in the totals. */
    public void print(LogSummary summary) {
        files++;
        records += summary.recordCount();
        blocks += summary.blockCount();
        bytes += summary.fileSizeBytes();
        if (!summary.closedCleanly()) {
            notClosedCleanly++;
        }
        if (summary.hasProblems()) {
            filesWithProblems++;
            problems += summary.problemCount();
        }
        LogHeader header = summary.header();
        out.println(summary.source());
        if (header != null) {
            row("channel", header.channel());
            row("node", header.node());
            row("handler", handler(header));
            row("codec", header.codec() != null ? header.codec().name()
                    : "unknown (" + header.codecId() + ")");
        } else {
            row("header", "UNREADABLE");
        }
        row("records", summary.recordCount() + " in " + count(summary.blockCount(), "block"));
        if (summary.recordCount() > 0) {
            row("first", record(header, summary.firstRecord()));
            row("last", record(header, summary.lastRecord()));
        }
        row("size", summary.fileSizeBytes() + " bytes"
                + (summary.recordCount() > 0 ? String.format(Locale.ROOT, ", %.2f bytes/record",
                        summary.bytesPerRecord()) : ""));
        row("trailer", trailer(summary.trailer()));
        if (!summary.hasProblems()) {
            row("problems", "none");
        } else {
            row("problems", String.valueOf(summary.problemCount()));
            for (LogProblem problem : summary.problems()) {
                out.println("    " + problem);
            }
            long unlisted = summary.problemCount() - summary.problems().size();
            if (unlisted > 0) {
                out.println("    ... and " + unlisted + " more");
            }
        }
        out.println();
    }

    /** Counts a file that could not be read at all, and prints why. */
    public void printUnreadable(String source, String reason) {
        files++;
        filesWithProblems++;
        problems++;
        out.println(source);
        row("error", "cannot read: " + reason);
        out.println();
    }

    /** Prints the total line over every file printed so far. */
    public void printTotal() {
        out.println("total: " + count(files, "file") + ", " + count(records, "record") + " in "
                + count(blocks, "block") + ", " + bytes + " bytes; " + notClosedCleanly
                + " not closed cleanly; " + filesWithProblems + " with problems ("
                + count(problems, "problem") + ")");
    }

    /** Whether any file printed so far has a problem (a missing trailer included). */
    public boolean anyProblems() {
        return filesWithProblems > 0;
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private void row(String key, String value) {
        out.printf(Locale.ROOT, "  %-10s %s%n", key, value);
    }

    private static String handler(LogHeader header) {
        HandlerType handler = header.handler();
        if (handler == null) {
            return "unknown (id " + header.handlerId() + ") " + header.parameters();
        }
        List<String> parameters = new ArrayList<>();
        for (int i = 0; i < handler.parameters().size(); i++) {
            parameters.add(handler.parameters().get(i).name() + "=" + header.parameter(i));
        }
        return parameters.isEmpty() ? handler.name()
                : handler.name() + " (" + String.join(", ", parameters) + ")";
    }

    private static String record(LogHeader header, List<Long> values) {
        List<String> fields = new ArrayList<>();
        for (int c = 0; c < values.size(); c++) {
            fields.add(header.columns().get(c).name() + "=" + values.get(c));
        }
        return String.join(" ", fields);
    }

    private static String trailer(LogTrailer trailer) {
        if (trailer == null) {
            return "NOT CLOSED CLEANLY (no trailer: writer killed, or still writing?)";
        }
        return "accepted " + Long.toUnsignedString(trailer.callsAccepted())
                + ", filtered " + Long.toUnsignedString(trailer.callsFiltered())
                + ", dropped " + Long.toUnsignedString(trailer.recordsDropped())
                + ", rejected " + Long.toUnsignedString(trailer.callsRejected());
    }
}
