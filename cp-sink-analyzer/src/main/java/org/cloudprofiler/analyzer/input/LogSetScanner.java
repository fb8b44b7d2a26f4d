package org.cloudprofiler.analyzer.input;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.cloudprofiler.HandlerType;
import org.cloudprofiler.analyzer.clock.NodeClock;
import org.cloudprofiler.log.LogHeader;
import org.cloudprofiler.log.LogProblem;
import org.cloudprofiler.log.LogReader;

/**
 * Finds the channel logs, {@code topology.json} and {@code drops.json} files under the given
 * paths and reads every log's header. A path that is missing, a file that cannot be opened, or a
 * header that is not a readable log of a known version is reported and skipped; the rest is
 * analysed.
 */
public final class LogSetScanner {

    /** File name suffix of channel logs (docs/log-format.md). */
    public static final String LOG_SUFFIX = ".cplog";

    private LogSetScanner() {}

    /** Scans {@code paths}: directories (walked recursively) or single log files. */
    public static LogSet scan(List<Path> paths) {
        List<InputProblem> problems = new ArrayList<>();
        List<Path> logs = new ArrayList<>();
        List<Path> topologies = new ArrayList<>();
        List<Path> dropsFiles = new ArrayList<>();
        for (Path path : paths) {
            if (!Files.exists(path)) {
                problems.add(new InputProblem(path.toString(), "MISSING",
                        "does not exist; check the --logs path"));
            } else if (Files.isDirectory(path)) {
                walk(path, logs, topologies, dropsFiles, problems);
            } else {
                logs.add(path);
            }
        }
        List<ChannelInfo> channels = new ArrayList<>();
        Map<String, NodeClock> clocks = new TreeMap<>();
        for (Path log : logs.stream().distinct().sorted().toList()) {
            ChannelInfo channel = readHeader(log, channels.size(), problems);
            if (channel != null) {
                channels.add(channel);
                NodeClock known = clocks.get(channel.node());
                if (known == null || channel.openRealtimeNs() < known.openRealtimeNs()) {
                    clocks.put(channel.node(), new NodeClock(channel.tscHz(), channel.openTsc(),
                            channel.openRealtimeNs()));
                }
            }
        }
        Topology topology = TopologyFiles.merge(topologies, problems);
        List<ExternalDrops> drops = new ArrayList<>();
        dropsFiles.forEach(file -> DropsFiles.read(file, drops, problems));
        return new LogSet(channels, topology, drops, problems, clocks);
    }

    private static void walk(Path directory, List<Path> logs, List<Path> topologies,
            List<Path> dropsFiles, List<InputProblem> problems) {
        try (Stream<Path> files = Files.walk(directory)) {
            files.filter(Files::isRegularFile).sorted().forEach(file -> {
                String name = file.getFileName().toString();
                if (name.endsWith(LOG_SUFFIX)) {
                    logs.add(file);
                } else if (name.equals(TopologyFiles.FILE_NAME)) {
                    topologies.add(file);
                } else if (name.equals(DropsFiles.FILE_NAME)) {
                    dropsFiles.add(file);
                }
            });
        } catch (IOException | RuntimeException e) {
            problems.add(new InputProblem(directory.toString(), "UNREADABLE",
                    "cannot list it (" + e.getMessage() + "); what it holds is skipped"));
        }
    }

    /** The channel of {@code file}, or null (with a problem) if its header is not usable. */
    private static ChannelInfo readHeader(Path file, int index, List<InputProblem> problems) {
        LogHeader header;
        long size;
        try (LogReader reader = LogReader.open(file)) {
            header = reader.header();
            size = reader.fileSizeBytes();
            if (header == null) {
                LogProblem first = reader.problems().get(0);
                String kind = switch (first.kind()) {
                    case UNSUPPORTED_VERSION -> "UNSUPPORTED_VERSION";
                    case BAD_MAGIC -> "NOT_A_LOG";
                    default -> "BAD_HEADER";
                };
                problems.add(new InputProblem(file.toString(), kind, first.message()
                        + "; the file is skipped"));
                return null;
            }
        } catch (IOException e) {
            problems.add(new InputProblem(file.toString(), "UNREADABLE", "cannot be read ("
                    + e.getMessage() + "); the file is skipped. Fix: check its permissions"));
            return null;
        }
        HandlerType handler = header.handler();
        if (handler == null) {
            problems.add(new InputProblem(file.toString(), "UNKNOWN_HANDLER", "handler id "
                    + header.handlerId() + " is unknown to this analyzer; the file is skipped"));
            return null;
        }
        checkNodeDirectory(file, header, problems);
        String[] parts = header.channel().split("/");
        boolean named = parts.length == 3;
        int task = -1;
        if (named) {
            try {
                task = Integer.parseInt(parts[1]);
            } catch (NumberFormatException e) {
                task = -1;
            }
        }
        return new ChannelInfo(index, file.toString(), size, header.node(), header.channel(),
                named ? parts[0] : header.channel(), task, named ? parts[2] : "", handler,
                header.tscHz(), header.openTsc(), header.openRealtimeNs());
    }

    /**
     * Logs live in {@code <log dir>/<node>/<channel name>.<pid>.<serial>.cplog}: a header naming
     * another node than its directory means files of two nodes were mixed up. The header wins.
     */
    private static void checkNodeDirectory(Path file, LogHeader header,
            List<InputProblem> problems) {
        Path directory = file.toAbsolutePath().getParent();
        int depth = header.channel().split("/").length - 1;
        for (int i = 0; i < depth && directory != null; i++) {
            directory = directory.getParent();
        }
        if (directory != null && directory.getFileName() != null
                && !directory.getFileName().toString().equals(header.node())) {
            problems.add(new InputProblem(file.toString(), "NODE_MISMATCH", "its header says node \""
                    + header.node() + "\" but it lies in the directory of node \""
                    + directory.getFileName() + "\"; it is analysed as node \"" + header.node()
                    + "\". Fix: keep each node's logs in its own directory"));
        }
    }
}
