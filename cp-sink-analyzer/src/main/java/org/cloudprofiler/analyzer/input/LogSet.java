package org.cloudprofiler.analyzer.input;

import java.io.Serializable;
import java.util.List;
import java.util.Map;
import org.cloudprofiler.analyzer.clock.NodeClock;
import org.cloudprofiler.tupleid.RootSampling;

/**
 * Everything a scan of the {@code --logs} directories found before the job starts: the usable
 * channel files (headers only; their records are the job's to read), the topology, the external
 * drop counts, and what was skipped and why. Immutable.
 *
 * @param channels the usable channel files; {@code channels.get(i).index() == i}
 * @param topology the merged {@code topology.json}, or null if there was none
 * @param drops the sources of every {@code drops.json}
 * @param problems what was skipped or doubtful, and why
 * @param clocks per node that wrote logs, its clock as its earliest intact channel header
 *     states it ({@link NodeClock#UNKNOWN} if none is intact)
 * @param damagedHeaders indices of the channels whose header failed its checksum; their clock
 *     fields are their node's (from its intact headers), and where the node has none, figures
 *     that need its clock frequency are unbounded
 */
public record LogSet(List<ChannelInfo> channels, Topology topology, List<ExternalDrops> drops,
        List<InputProblem> problems, Map<String, NodeClock> clocks,
        List<Integer> damagedHeaders) implements Serializable {

    private static final long serialVersionUID = 1L;

    public LogSet {
        channels = List.copyOf(channels);
        drops = List.copyOf(drops);
        problems = List.copyOf(problems);
        clocks = Map.copyOf(clocks);
        damagedHeaders = List.copyOf(damagedHeaders);
    }

    /** Which roots the run logged, as its topology.json files say: every record without them. */
    public RootSampling sampling() {
        return topology == null ? RootSampling.EVERY_RECORD : topology.sampling();
    }

    /** Bytes of all usable channel files when they were scanned. */
    public long totalBytes() {
        return channels.stream().mapToLong(ChannelInfo::sizeBytes).sum();
    }
}
