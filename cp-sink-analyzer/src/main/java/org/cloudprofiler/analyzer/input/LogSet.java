package org.cloudprofiler.analyzer.input;

import java.io.Serializable;
import java.util.List;
import java.util.Map;
import org.cloudprofiler.analyzer.clock.NodeClock;

/**
 * Everything a scan of the {@code --logs} directories found before the job starts: the usable
 * channel files (headers only; their records are the job's to read), the topology, the external
 * drop counts, and what was skipped and why. Immutable.
 *
 * @param channels the usable channel files; {@code channels.get(i).index() == i}
 * @param topology the merged {@code topology.json}, or null if there was none
 * @param drops the sources of every {@code drops.json}
 * @param problems what was skipped or doubtful, and why
 * @param clocks per node that wrote logs, its clock as its earliest channel header states it
 */
public record LogSet(List<ChannelInfo> channels, Topology topology, List<ExternalDrops> drops,
        List<InputProblem> problems, Map<String, NodeClock> clocks) implements Serializable {

    private static final long serialVersionUID = 1L;

    public LogSet {
        channels = List.copyOf(channels);
        drops = List.copyOf(drops);
        problems = List.copyOf(problems);
        clocks = Map.copyOf(clocks);
    }

    /** Bytes of all usable channel files when they were scanned. */
    public long totalBytes() {
        return channels.stream().mapToLong(ChannelInfo::sizeBytes).sum();
    }
}
