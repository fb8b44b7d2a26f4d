package org.cloudprofiler.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.cloudprofiler.sync.DriftModel;
import org.cloudprofiler.sync.PairMeasurement;
import org.cloudprofiler.sync.PhaseReport;
import org.cloudprofiler.sync.SweepReport;
import org.cloudprofiler.sync.SyncExchange;
import org.cloudprofiler.sync.SyncJson;
import org.cloudprofiler.sync.SyncNode;
import org.cloudprofiler.sync.SyncPhase;
import org.cloudprofiler.sync.TransferModel;
import org.cloudprofiler.sync.translate.MinRttClockMap;
import org.cloudprofiler.sync.service.SyncServer;
import org.cloudprofiler.sync.service.SyncServerCounters;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Runs the clock-sync server for one profiling run: waits for the agents, measures the
 * {@code start} phase, a {@code mid} phase every {@code --mid-interval} (by default
 * {@link DriftModel#DEFAULT_MID_INTERVAL}, so that the bounds' drift term stays small) and an
 * optional transfer sweep, then, when the run ends (its duration elapses, or SIGTERM / Ctrl-C),
 * the {@code end} phase; writes {@code sync.json} after every phase, prints each pair's rate over
 * the segment the phase ended, and sends the agents home.
 */
@Command(name = "sync-server", mixinStandardHelpOptions = true,
        versionProvider = CloudProfilerCommand.Version.class,
        description = "Measure clock offsets between nodes for a run and write sync.json"
                + " (docs/sync-format.md).")
public final class SyncServerCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--bind", description = "Address to listen on (default: ${DEFAULT-VALUE};"
            + " give this host's LAN address when agents run on other hosts).")
    String bind = "127.0.0.1";

    @Option(names = "--port", description = "UDP port (default: ${DEFAULT-VALUE}).")
    int port = 7711;

    @Mixin
    SharedSecretOptions secret;

    @Option(names = "--nodes", required = true, description = "Agents to wait for.")
    int nodes;

    @Option(names = "--wait", converter = DurationConverter.class,
            description = "How long to wait for the agents (default: 60s).")
    Duration wait = Duration.ofSeconds(60);

    @Option(names = "--exchanges", description = "Exchanges per ordered pair and phase"
            + " (default: ${DEFAULT-VALUE}).")
    int exchanges = SyncServer.DEFAULT_EXCHANGES;

    @Option(names = "--exchange-timeout", converter = DurationConverter.class,
            description = "An exchange slower than this is lost (default: 20ms).")
    Duration exchangeTimeout = SyncServer.DEFAULT_EXCHANGE_TIMEOUT;

    @Option(names = "--keep-all", description = "Keep every exchange in sync.json, not only"
            + " the min-RTT one (the hull method uses them all).")
    boolean keepAll;

    @Option(names = "--out", description = "Output file (default: ${DEFAULT-VALUE}).")
    Path out = Path.of("sync.json");

    @Option(names = "--duration", converter = DurationConverter.class,
            description = "Run length: the end phase follows it (default: until SIGTERM or"
                    + " Ctrl-C).")
    Duration duration;

    @Option(names = "--around", paramLabel = "<command>", description = "Run <command> (with"
            + " /bin/sh -c) between the start and the end phase, and end the session when it"
            + " exits: the run itself, e.g. 'storm jar ...' or 'flink run ...'. Exits with the"
            + " command's code if it failed.")
    String around;

    @Option(names = "--mid-interval", converter = DurationConverter.class,
            description = "Measure a mid phase this often during the run, so that the bounds'"
                    + " drift term stays small (docs/design.md, \"Drift between phases\"); 0s"
                    + " for none (default: 10s).")
    Duration midInterval = DriftModel.DEFAULT_MID_INTERVAL;

    @Option(names = "--sweep", description = "After the start phase, time TCP transfers of"
            + " growing sizes per ordered pair and fit the transfer-time model.")
    boolean sweep;

    @Option(names = "--sweep-sizes", split = ",", description = "Payload sizes in bytes"
            + " (default: 64,256,...,1048576).")
    int[] sweepSizes = {64, 256, 1024, 4096, 16384, 65536, 262144, 1048576};

    @Option(names = "--sweep-repetitions", description = "Transfers per size, the fastest"
            + " counts (default: ${DEFAULT-VALUE}).")
    int sweepRepetitions = 20;

    private static final long AROUND_POLL_NS = 100_000_000;
    private static final long AROUND_STOP_SECONDS = 10;

    private final PrintStream console = System.out;
    /**
     * Per pair, the min exchange of the last phase that measured it, and its last segment's
     * rate and half-width, ppm.
     */
    private final Map<String, SyncExchange> previousMin = new HashMap<>();
    private final Map<String, double[]> previousRatePpm = new HashMap<>();

    @Override
    public Integer call() throws Exception {
        checkOptions();
        String token = secret.secretFor(spec, bind, "the sync server");
        CountDownLatch endRequested = new CountDownLatch(1);
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            endRequested.countDown();
            try {
                finished.await(60, TimeUnit.SECONDS);  // let the end phase and the file finish
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "cp-sync-server-end");
        Runtime.getRuntime().addShutdownHook(hook);
        try (SyncServer server = SyncServer.start(bind, port, token, nodes)) {
            int exit = serve(server, endRequested);
            if (endRequested.getCount() == 0) {
                // Ended by SIGTERM (docker compose stop): the JVM would exit with 143 whatever
                // the session did; the session's own code is what the caller reads.
                console.flush();
                Runtime.getRuntime().halt(exit);
            }
            return exit;
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running: it waits for `finished`, counted down above.
            }
        }
    }

    private void checkOptions() {
        String problem = null;
        if (nodes < 2) {
            problem = "--nodes must be at least 2, not " + nodes + ": clock sync relates pairs"
                    + " of nodes";
        } else if (port < 0 || port > 65535) {
            problem = "--port must be a UDP port, 0 to 65535, not " + port;
        } else if (around != null && duration != null) {
            problem = "--around and --duration both say when the run ends: give one";
        } else if (around != null && around.isBlank()) {
            problem = "--around needs a command, e.g. --around 'flink run job.jar'";
        } else if (!midInterval.isZero() && midInterval.toMillis() < 1) {
            problem = "--mid-interval must be at least 1ms, e.g. 10s, or 0s for no mid phases";
        } else if (exchangeTimeout.toMillis() < 1) {
            problem = "--exchange-timeout must be at least 1ms";
        }
        if (problem != null) {
            throw new ParameterException(spec.commandLine(), problem);
        }
        OutputFileOption.requireWritable(spec, "--out", out);
    }

    private int serve(SyncServer server, CountDownLatch endRequested) throws Exception {
        console.printf("sync server on %s, waiting up to %d s for %d agents%n", server.address(),
                wait.toSeconds(), nodes);
        List<SyncNode> registered = server.awaitNodes(nodes, wait);
        registered.forEach(node -> console.printf(Locale.ROOT, "  node %s at %s, %.6f GHz%n",
                node.id(), node.host(), node.tscHz() / 1e9));
        int problems = phase(server, SyncPhase.START);
        if (sweep) {
            SweepReport report = server.runTransferSweep(sweepSizes, sweepRepetitions,
                    Duration.ofSeconds(10));
            report.models().forEach(this::printModel);
            report.problems().forEach(problem -> console.println("PROBLEM " + problem));
            problems += report.problems().size();
            write(server);
        }
        long runEndsNs = duration == null ? Long.MAX_VALUE : System.nanoTime() + duration.toNanos();
        Process run = around == null ? null : startAround();
        console.println(run != null ? "run in progress: " + around
                : duration == null ? "run in progress; SIGTERM or Ctrl-C ends it"
                : "run in progress for " + duration.toSeconds() + " s");
        long nextMidNs = midInterval.isZero() ? Long.MAX_VALUE
                : System.nanoTime() + midInterval.toNanos();
        while (true) {
            long now = System.nanoTime();
            long waitNs = Math.min(runEndsNs, nextMidNs) - now;
            if (run != null) {
                // The command's end is polled: a process has no latch to wait on with the rest.
                waitNs = Math.min(waitNs, AROUND_POLL_NS);
            }
            if (waitNs <= 0 && now >= runEndsNs
                    || endRequested.await(Math.max(0, waitNs), TimeUnit.NANOSECONDS)
                    || run != null && !run.isAlive()) {
                break;
            }
            if (System.nanoTime() >= nextMidNs) {
                problems += phase(server, SyncPhase.MID);
                nextMidNs += midInterval.toNanos();
            }
        }
        Integer commandExit = run == null ? null : endAround(run);
        problems += phase(server, SyncPhase.END);
        int left = server.shutdownAgents(Duration.ofSeconds(5));
        console.printf("%d of %d agents confirmed the end of the session%n", left,
                server.nodes().size());
        SyncServerCounters counters = server.counters();
        if (counters.malformed() + counters.oversized() + counters.wrongVersion()
                + counters.unauthenticated() + counters.wrongSession() + counters.refused() > 0) {
            console.printf(Locale.ROOT, "datagrams dropped: %d malformed, %d oversized, %d of"
                    + " another protocol version, %d unauthenticated (another secret, or"
                    + " altered), %d of another session; %d registrations refused (see the"
                    + " agents' messages)%n", counters.malformed(), counters.oversized(),
                    counters.wrongVersion(), counters.unauthenticated(), counters.wrongSession(),
                    counters.refused());
        }
        console.println(problems == 0 ? "wrote " + out
                : "wrote " + out + " with " + problems + " problem(s) above: pairs that were not"
                        + " measured are missing from it, and the analyzer reports their hops"
                        + " as unsynchronised");
        if (commandExit != null && commandExit != 0) {
            return commandExit;
        }
        return problems == 0 ? 0 : 2;
    }

    private Process startAround() throws IOException {
        return new ProcessBuilder("/bin/sh", "-c", around).inheritIO().start();
    }

    /**
     * The command's exit code; a command still running (the session was ended by SIGTERM or
     * Ctrl-C) is stopped first, with everything it started, so that nothing outlives the
     * session.
     */
    private int endAround(Process run) throws InterruptedException {
        if (run.isAlive()) {
            console.println("ending the command: " + around);
            run.descendants().forEach(ProcessHandle::destroy);
            run.destroy();
            if (!run.waitFor(AROUND_STOP_SECONDS, TimeUnit.SECONDS)) {
                run.descendants().forEach(ProcessHandle::destroyForcibly);
                run.destroyForcibly();
            }
        }
        int exit = run.waitFor();
        console.println("the command ended with exit code " + exit);
        return exit;
    }

    private int phase(SyncServer server, String name) throws IOException {
        PhaseReport report = server.runPhase(name, exchanges, keepAll, exchangeTimeout);
        Map<String, SyncNode> byId = server.nodes().stream()
                .collect(Collectors.toMap(SyncNode::id, Function.identity()));
        console.printf("%s phase:%n", name);
        for (PairMeasurement pair : report.phase().pairs()) {
            double rttUs = pair.min().rttTicks() * 1e6 / byId.get(pair.from()).tscHz();
            console.printf(Locale.ROOT, "  %s -> %s  min RTT %.1f us, bound ±%.1f us,"
                    + " %d of %d exchanges%n", pair.from(), pair.to(), rttUs, rttUs / 2,
                    pair.exchanges(), pair.exchanges() + pair.lost());
        }
        printSegmentRates(report.phase(), byId);
        report.problems().forEach(problem -> console.println("PROBLEM " + problem));
        write(server);
        return report.problems().size();
    }

    /**
     * Each pair's rate over the segment this phase ends, against the previous phase that measured
     * the pair: the responder's clock against the initiator's nominal rate, ppm, with the
     * half-width its exchanges allow, and its change from the segment before, with the sum of
     * both half-widths (a change within it is not one the data show). What the analyzer's drift
     * allowance assumes ({@code analyze --drift-ppm}) is checked here.
     */
    private void printSegmentRates(SyncPhase phase, Map<String, SyncNode> byId) {
        for (PairMeasurement pair : phase.pairs()) {
            String key = pair.from() + " -> " + pair.to();
            SyncExchange previous = previousMin.put(key, pair.min());
            if (previous == null || pair.min().b() <= previous.b()) {
                continue;
            }
            MinRttClockMap segment = new MinRttClockMap(previous, pair.min());
            double nominal = (double) byId.get(pair.from()).tscHz() / byId.get(pair.to()).tscHz();
            double[] rate = {(segment.rate(0) / nominal - 1) * 1e6,
                    segment.rateHalfWidth(0) / nominal * 1e6};
            double[] before = previousRatePpm.put(key, rate);
            console.printf(Locale.ROOT, "  %s  %s runs %+.3f ppm ± %.3f against %s over the"
                    + " last segment%s%n", key, pair.to(), rate[0], rate[1], pair.from(),
                    before == null ? "" : String.format(Locale.ROOT, ", %+.3f ppm ± %.3f from"
                            + " the one before", rate[0] - before[0], rate[1] + before[1]));
        }
    }

    private void printModel(TransferModel model) {
        console.printf(Locale.ROOT, "  transfer %s -> %s: t = %.1f ns %+.4f ns/B * size %+.3g"
                + " ns/B^2 * size^2 (MAPE %.1f%%; linear fit MAPE %.1f%%)%n", model.from(),
                model.to(), model.quadratic().p(), model.quadratic().q(), model.quadratic().r(),
                model.quadratic().mapePercent(), model.linear().mapePercent());
    }

    private void write(SyncServer server) throws IOException {
        SyncJson.write(server.data(), out);
    }
}
