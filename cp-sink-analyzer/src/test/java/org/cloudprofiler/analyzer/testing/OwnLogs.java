package org.cloudprofiler.analyzer.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.cloudprofiler.analyzer.Analyzer;
import org.cloudprofiler.analyzer.AnalyzerOptions;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.channel.ChannelNames;
import org.cloudprofiler.topology.TopologyFile;

/**
 * The logs one profiled run in this test JVM wrote into a node log directory, which may hold
 * other processes' logs too: copied out on their own and analysed, as {@code cloudprofiler
 * analyze --logs} would. Stateless.
 */
public final class OwnLogs {

    private OwnLogs() {}

    /**
     * Copies {@code topology.json} and this process's log files of {@code components} from
     * {@code node} into {@code <directory>/logs/<node name>/}, and analyses them into
     * {@code <directory>/out}; a failure carries what the analyzer printed. Needs a JVM without
     * a Flink test environment context: the analyzer starts a local environment of its own.
     */
    public static AnalysisSummary analyse(Path node, List<String> components, Path directory)
            throws Exception {
        Path logs = directory.resolve("logs");
        Path copy = logs.resolve(node.getFileName());
        Files.createDirectories(copy);
        Files.copy(node.resolve(TopologyFile.FILE_NAME), copy.resolve(TopologyFile.FILE_NAME));
        String pid = "." + ProcessHandle.current().pid() + ".";
        for (String component : components) {
            List<Path> files;
            try (Stream<Path> walk = Files.walk(node.resolve(ChannelNames.component(component)))) {
                files = walk.filter(f -> f.getFileName().toString().contains(pid)).toList();
            }
            for (Path file : files) {
                Path target = copy.resolve(node.relativize(file));
                Files.createDirectories(target.getParent());
                Files.copy(file, target);
            }
        }
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        try {
            return new Analyzer(AnalyzerOptions.of(List.of(logs), null,
                    directory.resolve("out")), new PrintStream(console, true)).run();
        } catch (IOException | RuntimeException e) {
            throw new AssertionError(console.toString(), e);
        }
    }
}
