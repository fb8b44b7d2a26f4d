package org.cloudprofiler.analyzer;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.flink.util.CloseableIterator;
import org.cloudprofiler.analyzer.clock.ClockSpec;
import org.cloudprofiler.analyzer.clock.DurationTranslator;
import org.cloudprofiler.analyzer.clock.SyncedClockTranslator;
import org.cloudprofiler.analyzer.element.AnalysisElement;
import org.cloudprofiler.analyzer.input.InputProblem;
import org.cloudprofiler.analyzer.input.LogSet;
import org.cloudprofiler.analyzer.input.LogSetScanner;
import org.cloudprofiler.analyzer.input.RunStart;
import org.cloudprofiler.analyzer.input.WatermarkLogs;
import org.cloudprofiler.analyzer.join.HopPlan;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.report.ConsoleTable;
import org.cloudprofiler.analyzer.report.OutputFiles;
import org.cloudprofiler.analyzer.report.SummaryBuilder;
import org.cloudprofiler.analyzer.samples.SampleExport;
import org.cloudprofiler.analyzer.samples.SampleFiles;
import org.cloudprofiler.analyzer.stats.RunAccumulator;

/**
 * {@code cloudprofiler analyze}: scans the logs, runs the {@link AnalysisJob}, gathers what it
 * sends back and writes summary.json, hops.csv and report.html (refreshed every
 * {@link AnalyzerOptions#refresh()} when following), then prints the table. One run per
 * instance; {@link #stop()} may be called from any thread (a shutdown hook, a test).
 */
public final class Analyzer {

    /** How many input problems a message about an empty log set names. */
    private static final int MESSAGE_PROBLEMS = 3;

    private final AnalyzerOptions options;
    private final PrintStream console;
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile CloseableIterator<AnalysisElement> results;
    private volatile boolean stopped;

    /** @param console where progress and the table go */
    public Analyzer(AnalyzerOptions options, PrintStream console) {
        this.options = options;
        this.console = console;
    }

    /**
     * Runs the analysis to its end: the end of the logs, or, when following, until every file is
     * closed or {@link #stop()} is called.
     *
     * @return the final summary, also written to the output directory
     * @throws IllegalArgumentException if there is nothing to analyse or an option is wrong
     * @throws IOException if the output directory cannot be written, sync.json cannot be read
     *     or is malformed, the cluster cannot be reached, or the job fails; the message names
     *     the file, address or cause, and the fix
     * @throws Exception if anything else fails
     */
    public AnalysisSummary run() throws Exception {
        try {
            return analyze();
        } finally {
            finished.countDown();
        }
    }

    private AnalysisSummary analyze() throws Exception {
        // What would only fail after reading every log is checked first.
        prepareOutputDirectory();
        SampleExport samples = null;
        if (options.samples() != null) {
            samples = SampleExport.newRun(options.samples());
            if (options.cluster() == null) {
                // The tasks write on this machine: what would fail there fails here, now.
                SampleFiles.checkWritable(options.samples());
            }
        }
        if (options.cluster() != null) {
            FlinkClusterProbe.check(ClusterAddress.parse(options.cluster()));
        }
        LogSet logSet = LogSetScanner.scan(options.logs());
        if (logSet.channels().isEmpty()) {
            throw new IllegalArgumentException("no readable channel logs (*.cplog) under "
                    + options.logs() + problemsOf(logSet) + ". Fix: give --logs the directory"
                    + " the profiled run logged to (its CP_LOG_DIR, ./cloudprofiler-logs by"
                    + " default)");
        }
        ClockSpec clocks = new ClockSpec(options.sync() == null ? null
                : readSync(), options.sync() == null ? null : options.sync().toString(),
                options.referenceNode(), options.method(), options.driftPpm(), logSet.clocks());
        DurationTranslator translator = clocks.create();
        WatermarkLogs watermarks = WatermarkLogs.read(logSet.channels());
        HopPlan plan = HopPlan.of(logSet.channels(), logSet.topology(), watermarks);
        List<String> notes = notes(logSet, plan, translator);
        watermarks.unreadable().forEach(file -> notes.add("a watermark log is left out, so"
                + " the results its watermarks fired have no watermark hop: " + file));
        RunStart runStart = RunStart.of(logSet, translator);
        RunAccumulator run = new RunAccumulator(plan.hops().size(),
                options.selection().windowNs());
        SummaryBuilder builder = new SummaryBuilder(logSet, plan, translator, run, runStart,
                options.selection());
        String method = options.method().name().toLowerCase(java.util.Locale.ROOT);
        long refreshNanos = options.refresh().toNanos();
        long nextRefresh = System.nanoTime() + refreshNanos;
        if (samples != null) {
            console.println(samplesLine(samples));
        }
        try (ProgressPrinter progress = new ProgressPrinter(console, run, logSet.totalBytes());
                CloseableIterator<AnalysisElement> elements = startJob(logSet, plan, clocks,
                        runStart, samples)) {
            results = elements;
            while (hasNext(elements)) {
                run.add(elements.next());
                if (options.follow() && System.nanoTime() - nextRefresh >= 0) {
                    OutputFiles.write(builder.build(false, false, method,
                            options.sync() != null,
                            options.tupleTimeout().toMillis(), notes), options.out());
                    nextRefresh = System.nanoTime() + refreshNanos;
                }
            }
        } catch (Exception e) {
            printUnfinished(samples, "the analysis failed");
            throw e;
        }
        if (stopped) {
            printUnfinished(samples, "the analysis was stopped before its job ended");
        }
        return finish(builder, method, notes);
    }

    /** Which samples go where: --from and --to select them as they do the hops. */
    private String samplesLine(SampleExport samples) {
        return "Samples " + options.selection().describe() + ": " + samples.pattern()
                + (options.cluster() == null ? "" : ", on each task manager's machine");
    }

    /** A run that did not finish leaves its subtasks' sample files partial: says so. */
    private void printUnfinished(SampleExport samples, String what) {
        if (samples != null) {
            console.println("Samples not finished: " + what + ", so each subtask's rows so far"
                    + " stay in " + samples.pattern() + SampleFiles.PARTIAL_SUFFIX + ", perhaps"
                    + " without the footer Arrow's file readers need");
        }
    }

    private AnalysisSummary finish(SummaryBuilder builder, String method, List<String> notes)
            throws IOException {
        AnalysisSummary summary = builder.build(true, stopped, method, options.sync() != null,
                options.tupleTimeout().toMillis(), notes);
        OutputFiles.write(summary, options.out());
        ConsoleTable.print(summary, console);
        console.println("Wrote " + options.out().resolve(OutputFiles.SUMMARY) + ", "
                + OutputFiles.HOPS + " and " + OutputFiles.REPORT);
        return summary;
    }

    private CloseableIterator<AnalysisElement> startJob(LogSet logSet, HopPlan plan,
            ClockSpec clocks, RunStart runStart, SampleExport samples) throws IOException {
        try {
            return AnalysisJob.start(options, logSet, plan, clocks, runStart, samples);
        } catch (Exception e) {
            throw jobFailed(e);
        }
    }

    /** Whether the job has more; false once {@link #stop()} has cancelled it. */
    private boolean hasNext(CloseableIterator<AnalysisElement> elements) throws IOException {
        try {
            return !stopped && elements.hasNext();
        } catch (RuntimeException e) {
            if (stopped) {
                return false;
            }
            throw jobFailed(e);
        }
    }

    /**
     * Flink wraps a job's failure several times over. The user needs the innermost message that
     * says what to do (a task's own, which names the fix: a sample file it cannot write), else
     * the root cause.
     */
    private static IOException jobFailed(Exception e) {
        Throwable shown = e;
        Throwable advice = null;
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            shown = cause;
            if (cause.getMessage() != null && cause.getMessage().contains("Fix:")) {
                advice = cause;
            }
        }
        if (advice != null) {
            shown = advice;
        }
        return new IOException("the analysis job failed: " + shown.getClass().getSimpleName()
                + ": " + shown.getMessage(), e);
    }

    /**
     * Ends a following run: the job is cancelled, and {@link #run()} writes the outputs from what
     * was read so far and returns.
     */
    public void stop() {
        stopped = true;
        CloseableIterator<AnalysisElement> elements = results;
        if (elements != null) {
            try {
                elements.close();
            } catch (Exception e) {
                // Cancelling a job that has ended already changes nothing.
            }
        }
    }

    /**
     * Stops a following run and waits up to {@code timeout} for {@link #run()} to have written
     * its outputs: what a shutdown hook does, since the JVM does not wait for the main thread.
     */
    public void stopAndAwait(Duration timeout) throws InterruptedException {
        stop();
        finished.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private String readSync() throws IOException {
        try {
            return Files.readString(options.sync());
        } catch (IOException e) {
            throw new IOException("cannot read the sync file " + options.sync() + " ("
                    + reason(e) + "). Fix: give --sync the sync.json the sync server wrote", e);
        }
    }

    private void prepareOutputDirectory() throws IOException {
        try {
            Files.createDirectories(options.out());
            if (!Files.isWritable(options.out())) {
                throw new AccessDeniedException(options.out().toString());
            }
        } catch (IOException e) {
            throw new IOException("cannot write the outputs to " + options.out() + " ("
                    + reason(e) + "). Fix: give --out a directory that can be written", e);
        }
    }

    /** Why a file operation failed, in words: the JDK's exceptions often give only the path. */
    private static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "a file of that name exists";
        }
        if (e instanceof FileSystemException fileSystem && fileSystem.getReason() != null) {
            return fileSystem.getReason();
        }
        return e.getMessage();
    }

    /** The first few problems, for a one-line message. */
    private static String problemsOf(LogSet logSet) {
        List<InputProblem> problems = logSet.problems();
        if (problems.isEmpty()) {
            return "";
        }
        int shown = Math.min(problems.size(), MESSAGE_PROBLEMS);
        StringBuilder text = new StringBuilder(" (");
        for (int i = 0; i < shown; i++) {
            text.append(i == 0 ? "" : "; ").append(problems.get(i));
        }
        if (problems.size() > shown) {
            text.append("; and ").append(problems.size() - shown).append(" more");
        }
        return text.append(')').toString();
    }

    private List<String> notes(LogSet logSet, HopPlan plan, DurationTranslator translator) {
        List<String> notes = new ArrayList<>(DamagedHeaderNotes.of(logSet, plan,
                options.sync() != null));
        if (options.sync() == null && logSet.clocks().size() > 1) {
            notes.add("the logs come from " + logSet.clocks().size() + " nodes "
                    + logSet.clocks().keySet() + " but no --sync was given: durations between"
                    + " nodes are unbounded and reported without a number");
        }
        if (translator instanceof SyncedClockTranslator synced) {
            synced.reasons().forEach((pair, reason) -> notes.add(pair + ": " + reason));
            notes.addAll(synced.driftNotes());
        }
        return notes;
    }
}
