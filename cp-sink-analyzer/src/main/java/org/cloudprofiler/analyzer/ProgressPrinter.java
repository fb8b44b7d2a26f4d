package org.cloudprofiler.analyzer;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.cloudprofiler.analyzer.stats.RunAccumulator;

/**
 * Shows how far reading the logs has got, once a second on one line of a terminal (a line
 * every ten seconds when the output is not one), from a daemon thread.
 */
final class ProgressPrinter implements AutoCloseable {

    private final PrintStream out;
    private final RunAccumulator run;
    private final long totalBytes;
    private final boolean terminal = System.console() != null;
    private final long startedNanos = System.nanoTime();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            task -> {
                Thread thread = new Thread(task, "cloudprofiler-analyze-progress");
                thread.setDaemon(true);
                return thread;
            });

    ProgressPrinter(PrintStream out, RunAccumulator run, long totalBytes) {
        this.out = out;
        this.run = run;
        this.totalBytes = totalBytes;
        long period = terminal ? 1 : 10;
        timer.scheduleAtFixedRate(this::print, period, period, TimeUnit.SECONDS);
    }

    private void print() {
        out.print(line() + (terminal ? "\r" : "\n"));
        out.flush();
    }

    private String line() {
        double seconds = (System.nanoTime() - startedNanos) / 1e9;
        long bytes = run.bytesRead();
        return String.format(Locale.ROOT, "reading logs: %3.0f%% of %.1f MB, %,d records,"
                + " %.2f M records/s", totalBytes == 0 ? 100.0 : 100.0 * bytes / totalBytes,
                totalBytes / 1e6, run.recordsRead(), run.recordsRead() / seconds / 1e6);
    }

    @Override
    public void close() {
        timer.shutdownNow();
        out.println(line());
    }
}
