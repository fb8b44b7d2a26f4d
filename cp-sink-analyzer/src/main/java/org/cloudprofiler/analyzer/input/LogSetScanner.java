package org.cloudprofiler.analyzer.input;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.cloudprofiler.analyzer.clock.NodeClock;
import org.cloudprofiler.drops.DropsFile;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogHeader;
import org.cloudprofiler.log.LogProblem;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.log.LogTrailer;
import org.cloudprofiler.topology.TopologyFile;

/**
 * Finds the channel logs, {@code topology.json} and {@code drops.json} files under the given
 * paths or URIs ({@link LogStorage}) and reads every log's header. A location that is missing, a
 * file that cannot be opened, or a header that is not a readable log of a known version is
 * reported and skipped; the rest is analysed.
 */
public final class LogSetScanner {

    /** File name suffix of channel logs (docs/log-format.md). */
    public static final String LOG_SUFFIX = ".cplog";

    private LogSetScanner() {}

    /**
     * Scans {@code locations}, paths or URIs: directories (walked recursively) or single log
     * files.
     *
     * @throws FileSystemUnavailableException if a location's filesystem is not available here;
     *     the message names the fix
     */
    public static LogSet scan(List<String> locations) throws FileSystemUnavailableException {
        List<InputProblem> problems = new ArrayList<>();
        List<String> logs = new ArrayList<>();
        List<String> topologies = new ArrayList<>();
        List<String> dropsFiles = new ArrayList<>();
        for (String location : locations) {
            LogStorage.Entry entry;
            try {
                entry = LogStorage.of(location).entry(location);
            } catch (FileSystemUnavailableException e) {
                throw e;
            } catch (IOException e) {
                problems.add(new InputProblem(location, InputProblem.Kind.UNREADABLE,
                        "cannot be looked at (" + e.getMessage() + "); it is skipped"));
                continue;
            }
            switch (entry) {
                case MISSING -> problems.add(new InputProblem(location,
                        InputProblem.Kind.MISSING, "does not exist; check the --logs path"));
                case DIRECTORY -> walk(location, logs, topologies, dropsFiles, problems);
                case FILE -> logs.add(location);
            }
        }
        List<ChannelInfo> channels = new ArrayList<>();
        List<Integer> damagedHeaders = new ArrayList<>();
        for (String log : logs.stream().distinct().sorted().toList()) {
            ChannelInfo channel = readHeader(log, channels.size(), problems, damagedHeaders);
            if (channel != null) {
                channels.add(channel);
            }
        }
        Map<String, NodeClock> clocks = clocks(channels, damagedHeaders);
        for (int index : damagedHeaders) {
            channels.set(index, withClock(channels.get(index), clocks));
        }
        Topology topology = TopologyFiles.merge(topologies, problems);
        // A topology component of the generator's name owns its channels: they are its records.
        boolean generatorDescribed = topology != null && topology.components().stream()
                .anyMatch(component -> GeneratorSends.COMPONENT.equals(component.channelPrefix()));
        for (int i = 0; i < channels.size() && !generatorDescribed; i++) {
            ChannelInfo channel = channels.get(i);
            channels.set(i, channel.withGeneratorSends(GeneratorSends.isNamedLikeOne(channel)));
        }
        List<ExternalDrops> drops = new ArrayList<>();
        dropsFiles.forEach(file -> DropsFiles.read(file, drops, problems));
        return new LogSet(channels, topology, drops, problems, clocks, damagedHeaders);
    }

    /**
     * Per node, the clock its earliest-opened channel with an intact header states; a header
     * whose checksum failed may hold any frequency, and a frequency of 0 is a failed estimate
     * (docs/log-format.md), so a node with no other header has an
     * {@linkplain NodeClock#UNKNOWN unknown} clock.
     */
    private static Map<String, NodeClock> clocks(List<ChannelInfo> channels,
            List<Integer> damagedHeaders) {
        Map<String, NodeClock> clocks = new TreeMap<>();
        for (ChannelInfo channel : channels) {
            NodeClock known = clocks.get(channel.node());
            if (damagedHeaders.contains(channel.index()) || channel.tscHz() <= 0) {
                clocks.putIfAbsent(channel.node(), NodeClock.UNKNOWN);
            } else if (known == null || !known.known()
                    || channel.openRealtimeNs() < known.openRealtimeNs()) {
                clocks.put(channel.node(), new NodeClock(channel.tscHz(), channel.openTsc(),
                        channel.openRealtimeNs()));
            }
        }
        return clocks;
    }

    /**
     * {@code channel} with its node's clock instead of its damaged header's, where the node's
     * intact headers state one: all channels of a node read the same clock.
     */
    private static ChannelInfo withClock(ChannelInfo channel, Map<String, NodeClock> clocks) {
        NodeClock clock = clocks.get(channel.node());
        if (!clock.known()) {
            return channel;
        }
        return new ChannelInfo(channel.index(), channel.path(), channel.sizeBytes(),
                channel.node(), channel.channel(), channel.component(), channel.task(),
                channel.point(), channel.handler(), clock.tscHz(), clock.openTicks(),
                clock.openRealtimeNs(), channel.closeTsc(), channel.generatorSends());
    }

    private static void walk(String directory, List<String> logs, List<String> topologies,
            List<String> dropsFiles, List<InputProblem> problems) {
        try {
            for (String file : LogStorage.of(directory).files(directory)) {
                String name = LogStorage.fileName(file);
                if (name.endsWith(LOG_SUFFIX)) {
                    logs.add(file);
                } else if (name.equals(TopologyFile.FILE_NAME)) {
                    topologies.add(file);
                } else if (name.equals(DropsFile.FILE_NAME)) {
                    dropsFiles.add(file);
                }
            }
        } catch (IOException | RuntimeException e) {
            problems.add(new InputProblem(directory, InputProblem.Kind.UNREADABLE,
                    "cannot list it (" + e.getMessage() + "); what it holds is skipped"));
        }
    }

    /**
     * The channel of {@code file}, or null (with a problem) if its header is not usable; its
     * index joins {@code damagedHeaders} if its header failed its checksum.
     */
    private static ChannelInfo readHeader(String file, int index, List<InputProblem> problems,
            List<Integer> damagedHeaders) {
        LogHeader header;
        long size;
        boolean damaged;
        try (LogReader reader = LogStorage.of(file).openLog(file, 0)) {
            header = reader.header();
            size = reader.fileSizeBytes();
            damaged = reader.problems().stream()
                    .anyMatch(problem -> problem.kind() == LogProblem.Kind.BAD_HEADER_CRC);
            if (header == null) {
                LogProblem first = reader.problems().get(0);
                InputProblem.Kind kind = switch (first.kind()) {
                    case UNSUPPORTED_VERSION -> InputProblem.Kind.UNSUPPORTED_VERSION;
                    case BAD_MAGIC -> InputProblem.Kind.NOT_A_LOG;
                    default -> InputProblem.Kind.BAD_HEADER;
                };
                problems.add(new InputProblem(file, kind, first.message()
                        + "; the file is skipped"));
                return null;
            }
        } catch (IOException e) {
            problems.add(new InputProblem(file, InputProblem.Kind.UNREADABLE,
                    "cannot be read ("
                    + e.getMessage() + "); the file is skipped. Fix: check its permissions"));
            return null;
        }
        HandlerType handler = header.handler();
        if (handler == null) {
            problems.add(new InputProblem(file, InputProblem.Kind.UNKNOWN_HANDLER,
                    "handler id "
                    + header.handlerId() + " is unknown to this analyzer; the file is skipped"));
            return null;
        }
        if (damaged && !pathAgrees(file, header)) {
            problems.add(new InputProblem(file, InputProblem.Kind.BAD_HEADER,
                    "its header checksum"
                    + " failed and its node \"" + header.node() + "\" and channel \""
                    + header.channel() + "\" do not match where it lies, so which clock and"
                    + " which point its records belong to is unknown; the file is skipped"));
            return null;
        }
        if (damaged) {
            damagedHeaders.add(index);
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
        ChannelInfo channel = new ChannelInfo(index, file, size, header.node(),
                header.channel(), named ? parts[0] : header.channel(), task,
                named ? parts[2] : "", handler, header.tscHz(), header.openTsc(),
                header.openRealtimeNs(), ChannelInfo.NOT_KNOWN, false);
        return channel.keepsNoIds() ? withCloseTsc(channel, problems) : channel;
    }

    /**
     * {@code channel} with its trailer's close, read to the end of its file: where its period
     * without samples ends. Such files hold no ids, so they are short (counter samples at most).
     */
    private static ChannelInfo withCloseTsc(ChannelInfo channel, List<InputProblem> problems) {
        LogTrailer trailer;
        try (LogReader reader = LogStorage.of(channel.path()).openLog(channel.path(), 0)) {
            reader.summary();
            trailer = reader.trailer();
        } catch (IOException e) {
            problems.add(new InputProblem(channel.path(), InputProblem.Kind.UNREADABLE,
                    "its end cannot be read (" + e.getMessage() + "); its period without"
                    + " samples is taken to last until the channel's next file opens"));
            return channel;
        }
        return trailer == null ? channel : new ChannelInfo(channel.index(), channel.path(),
                channel.sizeBytes(), channel.node(), channel.channel(), channel.component(),
                channel.task(), channel.point(), channel.handler(), channel.tscHz(),
                channel.openTsc(), channel.openRealtimeNs(), trailer.closeTsc(),
                channel.generatorSends());
    }

    /**
     * Whether {@code file} lies where a writer puts the header's node and channel,
     * {@code .../<node>/<channel name>.<pid>.<serial>.cplog}: the path then vouches for the two
     * fields a header that failed its checksum can no longer vouch for itself.
     */
    private static boolean pathAgrees(String file, LogHeader header) {
        String path = LogStorage.of(file).absolutePath(file);
        String expected = "/" + header.node() + "/" + header.channel() + ".";
        int at = path.lastIndexOf(expected);
        return at >= 0 && at + expected.length() > path.lastIndexOf('/');
    }

    /**
     * Logs live in {@code <log dir>/<node>/<channel name>.<pid>.<serial>.cplog}: a header naming
     * another node than its directory means files of two nodes were mixed up. The header wins.
     */
    private static void checkNodeDirectory(String file, LogHeader header,
            List<InputProblem> problems) {
        String[] names = LogStorage.of(file).absolutePath(file).split("/");
        // The file's own name is last; its directory is before it, and one more per level of
        // the channel name.
        int depth = header.channel().split("/").length - 1;
        int directory = names.length - 2 - depth;
        if (directory >= 0 && !names[directory].isEmpty()
                && !names[directory].equals(header.node())) {
            problems.add(new InputProblem(file, InputProblem.Kind.NODE_MISMATCH,
                    "its header says node \""
                    + header.node() + "\" but it lies in the directory of node \""
                    + names[directory] + "\"; it is analysed as node \"" + header.node()
                    + "\". Fix: keep each node's logs in its own directory"));
        }
    }
}
