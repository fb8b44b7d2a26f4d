package org.cloudprofiler.cluster;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;

import org.cloudprofiler.cluster.Polling.Observation;

/**
 * The client side of the local cluster's Storm, as command lines: what {@code storm jar},
 * {@code storm kill} and {@code storm list} run, on the engine's jars and the cluster's
 * {@code client.yaml} (written by {@link StormCluster#processes}). They reach Nimbus from any
 * node and from the root namespace.
 */
public final class StormClient {
    private static final String CLIENT_HEAP = "-Xmx256m";
    private static final Duration WORKER_POLL = Duration.ofMillis(250);

    private StormClient() {}

    /**
     * Runs {@code mainClass} of the topology jar {@code jar} with {@code arguments}, as
     * {@code storm jar} does: its {@code StormSubmitter} uploads {@code jar} to Nimbus.
     */
    static List<String> submit(ClusterLayout layout, Path jar, String mainClass,
            List<String> arguments) throws IOException {
        String classpath = layout.engineClasspath(StormCluster.NAME) + File.pathSeparator
                + jar.toAbsolutePath();
        List<String> command = new ArrayList<>(client(layout, classpath));
        command.add("-Dstorm.jar=" + jar.toAbsolutePath());
        command.add(mainClass);
        command.addAll(arguments);
        return command;
    }

    /**
     * Kills {@code topology} as {@code storm kill -w} does: Nimbus deactivates it (its spouts
     * stop being asked for tuples) for {@code deactivated}, then removes it and its workers. The
     * command returns once Nimbus took the order; {@link #lists} on {@link #list}'s output tells
     * when the topology is gone.
     */
    static List<String> kill(ClusterLayout layout, String topology, Duration deactivated)
            throws IOException {
        List<String> command = new ArrayList<>(client(layout,
                layout.engineClasspath(StormCluster.NAME)));
        command.addAll(List.of("org.apache.storm.command.KillTopology",
                "-w", Long.toString(deactivated.toSeconds()), topology));
        return command;
    }

    /**
     * Kills {@code topology} from the coordinator node ({@link #kill}) and waits until no
     * Supervisor of {@code cluster} has a worker left: only a worker's exit flushes and closes
     * its profiling channels, so the run's logs are complete once this returns.
     *
     * @throws IOException if the kill fails, or workers still run after {@code timeout}
     */
    public static void killAndAwaitWorkers(LocalCluster cluster, String topology,
            Duration deactivated, Duration timeout) throws IOException, InterruptedException {
        ClusterLayout layout = cluster.layout();
        cluster.run(new ClusterProcess("storm-kill", layout.coordinator(),
                kill(layout, topology, deactivated), Map.of(), Readiness.started()), timeout);
        try {
            Polling.await("the workers of " + topology + " did not exit after the kill",
                    timeout, WORKER_POLL, () -> {
                        List<ProcessHandle> workers = workers(cluster);
                        return workers.isEmpty() ? Observation.found(true)
                                : Observation.notYet("pids " + workers.stream()
                                        .map(ProcessHandle::pid).toList());
                    });
        } catch (TimeoutException stillRunning) {
            throw new IOException(stillRunning.getMessage(), stillRunning);
        }
    }

    /** The Supervisors' children: each worker's log writer, which the worker runs under. */
    private static List<ProcessHandle> workers(LocalCluster cluster) {
        return cluster.state().processes().stream()
                .filter(process -> StormCluster.isSupervisor(process.name()))
                .flatMap(process -> process.handle().stream())
                .flatMap(ProcessHandle::children).toList();
    }

    /** Lists the running topologies, as {@code storm list} does. */
    static List<String> list(ClusterLayout layout) throws IOException {
        List<String> command = new ArrayList<>(client(layout,
                layout.engineClasspath(StormCluster.NAME)));
        command.add("org.apache.storm.command.ListTopologies");
        return command;
    }

    /** Whether {@link #list}'s output names {@code topology}: one topology per row, name first. */
    static boolean lists(String listOutput, String topology) {
        return listOutput.lines().anyMatch(line -> line.startsWith(topology + " "));
    }

    /** A client JVM up to its main class: the class path, the client configuration, logging. */
    private static List<String> client(ClusterLayout layout, String classpath) {
        return List.of(layout.javaBinary().toString(), CLIENT_HEAP, "-cp", classpath,
                "-Dstorm.conf.file=" + StormCluster.clientConfigFile(layout),
                "-Dlog4j.configurationFile=" + StormHome.of(layout).clusterLogging());
    }
}
