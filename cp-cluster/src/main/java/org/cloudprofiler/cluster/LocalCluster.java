package org.cloudprofiler.cluster;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.cloudprofiler.cluster.ClusterState.RecordedProcess;
import org.cloudprofiler.cluster.Polling.Observation;
import org.cloudprofiler.netns.NetworkNamespaces;
import org.cloudprofiler.netns.NetworkNode;

/**
 * The local cluster in one directory: its nodes, its state and its processes. A process starts
 * in its own session ({@code setsid}, so the terminal's Ctrl-C and hang-up do not reach it)
 * inside its node, with its output in {@code processes/<name>.log}, and is recorded in the
 * state before anything waits on it. Stopping sends SIGTERM to a process and every process it
 * started (Storm's workers are the supervisors' children), then SIGKILL to those still there
 * after {@link #STOP_WAIT}. Starting, stopping and tearing down are synchronized (a shutdown
 * hook may tear down while another thread starts processes); waiting and running a command are
 * not, and may run beside them.
 */
public final class LocalCluster {
    /** How long a stopped process may take before it is killed. */
    static final Duration STOP_WAIT = Duration.ofSeconds(15);
    private static final Duration POLL = Duration.ofMillis(250);
    private static final int LOG_TAIL_LINES = 15;

    private final ClusterLayout layout;
    private final NetworkNamespaces network;
    /** The processes this JVM started, by pid: their exit codes are only known here. */
    private final Map<Long, Process> children = new HashMap<>();
    private ClusterState state;
    private boolean tornDown;

    private LocalCluster(ClusterLayout layout, NetworkNamespaces network, ClusterState state) {
        this.layout = layout;
        this.network = network;
        this.state = state;
    }

    /**
     * A new cluster of {@code nodeCount} nodes in {@code directory}: kept namespaces when
     * {@code namespaces} and the machine allows them, else the loopback with the reason.
     */
    public static LocalCluster create(Path directory, int nodeCount, boolean namespaces,
            List<String> engines, Path repository) throws IOException {
        Files.createDirectories(directory.resolve("processes"));
        boolean kept = namespaces && NetworkNamespaces.available().available();
        // Recorded before the namespaces exist, so that down finds them whatever stops up.
        ClusterState state = new ClusterState(kept ? keptName(directory) : null, nodeCount,
                engines, List.of());
        state.write(directory);
        NetworkNamespaces network = kept
                ? NetworkNamespaces.createKept(nodeCount, state.namespaces())
                : NetworkNamespaces.loopback(nodeCount, namespaces
                        ? NetworkNamespaces.available().reason() : "--loopback");
        return new LocalCluster(layout(network, directory, repository), network, state);
    }

    /** The cluster recorded in {@code directory}, from any process. */
    public static LocalCluster open(Path directory, Path repository) throws IOException {
        ClusterState state = ClusterState.read(directory).orElseThrow(() -> new IOException(
                "no cluster in " + directory + " (no cluster.json): start one with"
                        + " 'cloudprofiler cluster up --dir " + directory + "'"));
        NetworkNamespaces network;
        try {
            network = state.namespaces() == null
                    ? NetworkNamespaces.loopback(state.nodeCount(), "recorded in cluster.json")
                    : NetworkNamespaces.attachKept(state.nodeCount(), state.namespaces());
        } catch (IOException notWhole) {
            throw new IOException("the nodes of the cluster in " + directory + " are not whole ("
                    + notWhole.getMessage() + "): take what is left down with 'cloudprofiler"
                    + " cluster down --dir " + directory + "'", notWhole);
        }
        return new LocalCluster(layout(network, directory, repository), network, state);
    }

    private static ClusterLayout layout(NetworkNamespaces network, Path directory,
            Path repository) {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return new ClusterLayout(network.nodes(), network.hostIp(), directory.toAbsolutePath(),
                repository.toAbsolutePath(), java);
    }

    /** The same directory always gets the same kept set, and no two directories share one. */
    public static String keptName(Path directory) {
        int hash = directory.toAbsolutePath().normalize().toString().hashCode();
        return Long.toString(Integer.toUnsignedLong(hash) % 2_176_782_336L, Character.MAX_RADIX);
    }

    public ClusterLayout layout() {
        return layout;
    }

    public ClusterState state() {
        return state;
    }

    /** Whether the nodes have namespaces of their own, and which, or why not. */
    public String describeNodes() {
        return network.toString();
    }

    /**
     * Starts {@code process} in its node and records it; does not wait for it.
     *
     * @throws IOException if it cannot be started
     */
    public synchronized RecordedProcess start(ClusterProcess process) throws IOException {
        if (tornDown) {
            throw new IOException("the cluster in " + layout.directory() + " is being taken"
                    + " down; " + process.name() + " is not started");
        }
        forgetIfGone(process.name());
        List<String> command = new ArrayList<>(List.of("setsid"));
        command.addAll(process.command());
        ProcessBuilder builder = new ProcessBuilder(process.node().command(command))
                .redirectErrorStream(true)
                .redirectOutput(logFile(process.name()).toFile())
                .redirectInput(new File("/dev/null"));
        builder.environment().putAll(process.environment());
        Process started = builder.start();
        children.put(started.pid(), started);
        if (started.info().startInstant().isEmpty()) {
            // Without its start time the record could not tell it from a later process of its pid.
            stopTree(started.toHandle());
            throw new IOException("no start time for " + process.name() + " (pid " + started.pid()
                    + ") in /proc: it is not started");
        }
        RecordedProcess recorded = new RecordedProcess(process.name(), process.node().index(),
                started.pid(), started.info().startInstant().get().toEpochMilli());
        state = ClusterState.update(layout.directory(), recordedNow -> recordedNow.with(recorded));
        return recorded;
    }

    /**
     * Forgets a recorded process of this name that is gone (a client whose recording process was
     * killed); one that runs is refused.
     */
    private void forgetIfGone(String name) throws IOException {
        try {
            state = ClusterState.update(layout.directory(), recordedNow -> refuseIfRuns(
                    recordedNow, name).without(List.of(name)));
        } catch (UncheckedIOException runs) {
            throw runs.getCause();
        }
    }

    private static ClusterState refuseIfRuns(ClusterState recordedNow, String name) {
            for (RecordedProcess process : recordedNow.processes()) {
                if (process.name().equals(name) && process.handle().isPresent()) {
                    throw new UncheckedIOException(new IOException("a process named " + name
                            + " runs already in the cluster (pid " + process.pid() + "): wait"
                            + " for it, or stop the cluster with 'cloudprofiler cluster down'"));
                }
            }
            return recordedNow;
    }

    /**
     * Waits until {@code process} is ready, polling its readiness.
     *
     * @throws IOException if it exits first or is not ready within {@code timeout}, with the end
     *     of its log
     */
    public void awaitReady(ClusterProcess process, RecordedProcess started, Duration timeout)
            throws IOException, InterruptedException {
        String waitedFor = process.readiness().describe();
        try {
            Polling.await(process.name() + " was not ready", timeout, POLL, () -> {
                if (started.handle().isEmpty()) {
                    throw new IOException(process.name() + " on node " + process.node().index()
                            + " exited while starting; the end of " + logFile(process.name())
                            + ":\n" + logTail(process.name()));
                }
                try {
                    return process.readiness().ready() ? Observation.found(true)
                            : Observation.notYet(waitedFor + ": not yet");
                } catch (IOException notYet) {
                    return Observation.notYet(waitedFor + ": " + notYet);
                }
            });
        } catch (TimeoutException notReady) {
            throw new IOException(notReady.getMessage() + "; the end of "
                    + logFile(process.name()) + ":\n" + logTail(process.name()));
        }
    }

    /**
     * Runs {@code process} to its end (a client: a submission, a kill), recorded while it runs.
     *
     * @throws IOException if it fails or does not end within {@code timeout}, with the end of
     *     its log
     */
    public void run(ClusterProcess process, Duration timeout)
            throws IOException, InterruptedException {
        RecordedProcess started = start(process);
        Process child = children.get(started.pid());
        boolean ended = child.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        stop(List.of(process.name()));
        String log = logFile(process.name()).toString();
        if (!ended) {
            throw new IOException(process.name() + " did not end within " + timeout.toSeconds()
                    + " s; the end of " + log + ":\n" + logTail(process.name()));
        }
        int exitCode = child.exitValue();
        if (exitCode != 0) {
            throw new IOException(process.name() + " failed (exit code " + exitCode
                    + "); the end of " + log + ":\n" + logTail(process.name()));
        }
    }

    /**
     * Runs {@code command} in {@code node} with its profiling environment for {@code engine}, in
     * the foreground, its output on this process's; returns its exit code.
     */
    public int exec(NetworkNode node, String engine, List<String> command)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(node.command(command)).inheritIO();
        builder.environment().putAll(layout.profilingEnvironment(node, engine));
        Process process = builder.start();
        try {
            return process.waitFor();
        } finally {
            stopTree(process.toHandle());
        }
    }

    /** Stops the recorded processes named {@code names} and forgets them. */
    public synchronized void stop(List<String> names) throws IOException {
        List<RecordedProcess> chosen = state.processes().stream()
                .filter(process -> names.contains(process.name())).toList();
        stopAll(chosen);
        state = ClusterState.update(layout.directory(), recordedNow -> recordedNow.without(names));
    }

    /**
     * Stops every process recorded now, by whichever process (the last started first), and then
     * any other that still names the cluster's directory on its command line (a Storm worker whose
     * Supervisor died, a client whose recording process was killed); removes the namespaces and
     * the state file. The state is removed even when something could not be: the exception then
     * names what is left.
     */
    public synchronized void tearDown() throws IOException {
        tornDown = true;
        List<String> problems = new ArrayList<>();
        List<RecordedProcess> all = new ArrayList<>(ClusterState.read(layout.directory())
                .map(ClusterState::processes).orElse(state.processes()));
        Collections.reverse(all);
        try {
            stopAll(all);
        } catch (IOException e) {
            problems.add(e.getMessage());
        }
        List<ProcessHandle> strays = processesNaming(layout.directory());
        for (ProcessHandle survivor : stopTrees(strays)) {
            problems.add("could not stop " + survivor.pid() + " " + survivor.info().commandLine()
                    .orElse(""));
        }
        try {
            network.close();
        } catch (IllegalStateException e) {
            problems.add(e.getMessage());
        }
        ClusterState.delete(layout.directory());
        state = state.without(all.stream().map(RecordedProcess::name).toList());
        if (!problems.isEmpty()) {
            throw new IOException(String.join("; ", problems));
        }
    }

    /**
     * What {@link #tearDown} does, for a cluster whose nodes are no longer whole (namespaces
     * removed by hand, a reboot): stops what the state records and what names the directory,
     * removes whatever is left of the kept namespaces, and the state.
     */
    public static void tearDownRemnants(Path directory) throws IOException {
        ClusterState recorded = ClusterState.read(directory).orElseThrow(
                () -> new IOException("no cluster recorded in " + directory));
        List<String> problems = new ArrayList<>();
        List<RecordedProcess> all = new ArrayList<>(recorded.processes());
        Collections.reverse(all);
        try {
            stopAll(all);
        } catch (IOException e) {
            problems.add(e.getMessage());
        }
        for (ProcessHandle survivor : stopTrees(processesNaming(directory))) {
            problems.add("could not stop " + survivor.pid());
        }
        if (recorded.namespaces() != null) {
            problems.addAll(NetworkNamespaces.removeKept(recorded.nodeCount(),
                    recorded.namespaces()));
        }
        ClusterState.delete(directory);
        if (!problems.isEmpty()) {
            throw new IOException(String.join("; ", problems));
        }
    }

    /** The processes, other than this one and those that started it, naming {@code directory}. */
    private static List<ProcessHandle> processesNaming(Path directory) {
        String needle = directory.toAbsolutePath().toString();
        List<Long> selfAndAncestors = new ArrayList<>();
        for (ProcessHandle process = ProcessHandle.current(); process != null;
                process = process.parent().orElse(null)) {
            selfAndAncestors.add(process.pid());
        }
        return ProcessHandle.allProcesses()
                .filter(process -> !selfAndAncestors.contains(process.pid()))
                .filter(process -> process.info().commandLine()
                        .map(line -> line.contains(needle)).orElse(false))
                .toList();
    }

    /** The log file of the process named {@code name}. */
    public Path logFile(String name) {
        return layout.directory().resolve("processes").resolve(name + ".log");
    }

    private String logTail(String name) {
        try {
            List<String> lines = Files.readAllLines(logFile(name), StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES),
                    lines.size()));
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    private static void stopAll(List<RecordedProcess> processes) throws IOException {
        List<ProcessHandle> trees = new ArrayList<>();
        for (RecordedProcess process : processes) {
            process.handle().ifPresent(trees::add);
        }
        List<String> survivors = new ArrayList<>();
        for (ProcessHandle survivor : stopTrees(trees)) {
            survivors.add(survivor.pid() + " " + survivor.info().commandLine().orElse(""));
        }
        if (!survivors.isEmpty()) {
            throw new IOException("could not stop: " + String.join("; ", survivors));
        }
    }

    private static void stopTree(ProcessHandle process) throws IOException {
        List<ProcessHandle> left = stopTrees(List.of(process));
        if (!left.isEmpty()) {
            throw new IOException("could not stop process " + left.get(0).pid());
        }
    }

    /** SIGTERM to each process and all its descendants, SIGKILL after the wait; the survivors. */
    private static List<ProcessHandle> stopTrees(List<ProcessHandle> roots) {
        List<ProcessHandle> all = new ArrayList<>();
        for (ProcessHandle root : roots) {
            all.addAll(root.descendants().toList()); // before the parent's death re-parents them
            all.add(root);
        }
        all.forEach(ProcessHandle::destroy);
        awaitExit(all, STOP_WAIT);
        all.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        awaitExit(all, Duration.ofSeconds(5));
        return all.stream().filter(ProcessHandle::isAlive).toList();
    }

    private static void awaitExit(List<ProcessHandle> processes, Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        for (ProcessHandle process : processes) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            try {
                process.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (TimeoutException stillRunning) {
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (ExecutionException impossible) {
                throw new IllegalStateException(impossible);
            }
        }
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "cluster in %s: %s", layout.directory(),
                network);
    }
}
