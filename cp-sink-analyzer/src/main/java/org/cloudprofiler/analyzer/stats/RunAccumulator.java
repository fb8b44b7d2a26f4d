package org.cloudprofiler.analyzer.stats;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.cloudprofiler.analyzer.element.AnalysisElement;
import org.cloudprofiler.analyzer.element.Payloads;
import org.cloudprofiler.analyzer.input.FileReport;

/**
 * Gathers on the client everything the job sends back: hop statistics, first/last markers,
 * counter and CPU samples per channel, file reports and progress. Confined to the thread that
 * reads the job's results, except {@link #bytesRead()} and {@link #recordsRead()}, which the
 * progress display may read from another.
 */
public final class RunAccumulator {

    /** A counter or CPU sample. */
    public record Sample(long tsc, long count, long cpuNs) {}

    private final HopStatistics hops;
    private final Map<Integer, Long> firstTsc = new HashMap<>();
    private final Map<Integer, Long> pillTsc = new HashMap<>();
    private final Map<Integer, List<Sample>> samples = new TreeMap<>();
    private final Map<Integer, FileReport> reports = new TreeMap<>();
    private volatile long bytesRead;
    private volatile long recordsRead;

    /** @param windowNs the narrowest window of the latencies over time */
    public RunAccumulator(int hops, long windowNs) {
        this.hops = new HopStatistics(hops, windowNs);
    }

    /** Takes in one element of the job's output. */
    public void add(AnalysisElement element) {
        switch (element.kind()) {
            case HOP_STATISTICS -> hops.merge(
                    Payloads.decode(element.payload(), HopStatistics.class));
            case FIRST_LAST -> (element.id() == -1 ? pillTsc : firstTsc)
                    .putIfAbsent(element.channel(), element.tsc());
            case COUNT, CPU -> samples.computeIfAbsent(element.channel(), c -> new ArrayList<>())
                    .add(new Sample(element.tsc(), element.count(),
                            element.kind() == AnalysisElement.Kind.CPU ? element.cpuNs() : -1));
            case FILE_REPORT -> reports.put(element.channel(),
                    Payloads.decode(element.payload(), FileReport.class));
            case PROGRESS -> {
                bytesRead += element.count();
                recordsRead += element.id();
            }
            default -> throw new IllegalArgumentException("the job does not emit " + element);
        }
    }

    public HopStatistics hops() {
        return hops;
    }

    /** Per FIRST_LAST channel, the clock reading of its first tuple. */
    public Map<Integer, Long> firstTsc() {
        return firstTsc;
    }

    /** Per FIRST_LAST channel, the clock reading of the pill's arrival. */
    public Map<Integer, Long> pillTsc() {
        return pillTsc;
    }

    /** Per counter or CPU channel, its samples in file order. */
    public Map<Integer, List<Sample>> samples() {
        return samples;
    }

    /** Per channel read to its end, what reading it found. */
    public Map<Integer, FileReport> reports() {
        return reports;
    }

    public long bytesRead() {
        return bytesRead;
    }

    public long recordsRead() {
        return recordsRead;
    }
}
