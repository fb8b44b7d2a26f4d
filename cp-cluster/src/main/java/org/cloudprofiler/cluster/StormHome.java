package org.cloudprofiler.cluster;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The Storm home the local cluster's daemons run with ({@code -Dstorm.home}), made from the
 * engine's Maven jars instead of a distribution: what a Supervisor needs to launch its workers
 * (Storm 2.8's {@code BasicContainer}), which is {@code lib-worker/} and {@code extlib/} (the
 * workers' class path, {@code lib-worker/*:extlib/*}, ahead of the topology's jar) and
 * {@code log4j2/worker.xml} (the workers' logging); and {@code log4j2/cluster.xml} for the
 * daemons themselves.
 */
final class StormHome {
    /** Daemons log to their standard output, which the cluster keeps per process. */
    private static final String CLUSTER_XML = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- The local cluster's Storm daemons and clients: INFO to standard output, without
                 ZooKeeper's and Curator's per-connection chatter. -->
            <Configuration monitorInterval="0">
              <Appenders>
                <Console name="console" target="SYSTEM_OUT">
                  <PatternLayout pattern="%d{ISO8601} %-5p [%t] %c{1.}: %m%n"/>
                </Console>
              </Appenders>
              <Loggers>
                <Logger name="org.apache.storm.shade.org.apache.zookeeper" level="WARN"/>
                <Logger name="org.apache.storm.shade.org.apache.curator" level="WARN"/>
                <Root level="INFO">
                  <AppenderRef ref="console"/>
                </Root>
              </Loggers>
            </Configuration>
            """;

    /**
     * A worker logs to one file per worker under the supervisor's log directory, warnings only,
     * except what it prints (the log writer hands its standard output and error on as the
     * loggers STDOUT and STDERR) and the profiler's own messages.
     */
    private static final String WORKER_XML = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- The local cluster's Storm workers (and their log writers): one file per worker,
                 warnings, what the worker prints and the profiler's messages. -->
            <Configuration monitorInterval="0">
              <Properties>
                <Property name="topology">${sys:workers.artifacts}/${sys:storm.id}</Property>
              </Properties>
              <Appenders>
                <File name="file" fileName="${topology}/${sys:worker.port}/${sys:logfile.name}">
                  <PatternLayout pattern="%d{ISO8601} %-5p [%t] %c{1.}: %m%n"/>
                </File>
              </Appenders>
              <Loggers>
                <Logger name="STDOUT" level="INFO"/>
                <Logger name="STDERR" level="INFO"/>
                <Logger name="org.cloudprofiler" level="INFO"/>
                <Root level="WARN">
                  <AppenderRef ref="file"/>
                </Root>
              </Loggers>
            </Configuration>
            """;

    private final Path directory;

    private StormHome(Path directory) {
        this.directory = directory;
    }

    /** The Storm home of {@code layout}'s cluster: {@code storm/home/}. */
    static StormHome of(ClusterLayout layout) {
        return new StormHome(layout.directory().resolve(StormCluster.NAME).resolve("home"));
    }

    /**
     * Makes (or remakes) the Storm home: {@code lib-worker/} holds one link per jar of
     * {@code classpath}, {@code extlib/} one per jar of {@code extlib} (what a cluster adds to
     * Storm's own jars, such as the profiler's), nothing else.
     */
    void create(String classpath, List<Path> extlib) throws IOException {
        link(Arrays.stream(classpath.split(File.pathSeparator)).map(Path::of).toList(),
                directory.resolve("lib-worker"));
        link(extlib, directory.resolve("extlib"));
        Path log4j2 = Files.createDirectories(directory.resolve("log4j2"));
        Files.writeString(log4j2.resolve("cluster.xml"), CLUSTER_XML);
        Files.writeString(log4j2.resolve("worker.xml"), WORKER_XML);
    }

    /** Makes {@code directory} hold one link to each of {@code jars}, and nothing else. */
    private static void link(List<Path> jars, Path directory) throws IOException {
        Files.createDirectories(directory);
        try (Stream<Path> old = Files.list(directory)) {
            for (Path link : old.toList()) {
                Files.delete(link);
            }
        }
        Set<String> names = new HashSet<>();
        for (Path jar : jars) {
            if (!names.add(jar.getFileName().toString())) {
                throw new IOException("two jars named " + jar.getFileName() + " on the Storm class"
                        + " path; one would hide the other in " + directory);
            }
            Files.createSymbolicLink(directory.resolve(jar.getFileName()), jar.toAbsolutePath());
        }
    }

    /** The directory, for {@code -Dstorm.home}. */
    Path directory() {
        return directory;
    }

    /** The daemons' and clients' logging, for {@code -Dlog4j.configurationFile}. */
    Path clusterLogging() {
        return directory.resolve("log4j2").resolve("cluster.xml");
    }
}
