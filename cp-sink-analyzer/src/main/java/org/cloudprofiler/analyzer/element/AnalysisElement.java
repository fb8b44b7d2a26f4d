package org.cloudprofiler.analyzer.element;

import org.apache.flink.api.common.typeinfo.TypeInfo;
import org.cloudprofiler.analyzer.join.TupleEvents;

/**
 * One element of the analyzer's streams: a log record of one channel, or a message about the
 * reading (a file's report, progress) or the joining (hop statistics). One flat class rather than
 * a hierarchy so that the tens of millions of {@link Kind#ID} records go through Flink with a
 * few bytes each ({@link AnalysisElementSerializer}). Which fields mean something depends on
 * the kind; the factories name them. Mutable, as Flink types are; not thread-safe.
 */
@TypeInfo(AnalysisElementTypeInfoFactory.class)
public final class AnalysisElement {

    /** What the element is. */
    public enum Kind {
        /** A record of an {@code in} or {@code out} channel: {@code id}, {@code tsc}. */
        ID,
        /** Id records of one tuple, combined before the shuffle: {@code id}, {@code events}. */
        TUPLE,
        /** A record of a {@code FIRST_LAST} channel: {@code id} ({@code -1}: the pill), {@code tsc}. */
        FIRST_LAST,
        /** A sample of a counter channel: {@code tsc}, cumulative {@code count}. */
        COUNT,
        /** A sample of a {@code CPU} channel: {@code tsc}, {@code count}, {@code cpuNs}. */
        CPU,
        /** What reading one file found: {@code payload} is a {@code FileReport}, encoded. */
        FILE_REPORT,
        /** Reading progress: {@code count} more bytes and {@code id} more records were read. */
        PROGRESS,
        /** Hop statistics since the last ones: {@code payload} is a {@code HopStatistics}. */
        HOP_STATISTICS,
        /**
         * A record of a {@code lineage} channel: {@code id} is a fan-out output's, and
         * {@link AnalysisElement#rootId()} the id of the source record it descends from. It holds
         * no clock reading (docs/design.md, "Tuple lineage").
         */
        LINEAGE
    }

    static final Kind[] KINDS = Kind.values();

    private Kind kind;
    private int channel;
    private long id;
    private long tsc;
    private long count;
    private long cpuNs;
    private byte[] payload;
    private TupleEvents events;

    public AnalysisElement() {
        kind = Kind.PROGRESS;
    }

    AnalysisElement(Kind kind, int channel, long id, long tsc, long count, long cpuNs,
            byte[] payload) {
        set(kind, channel, id, tsc, count, cpuNs, payload);
    }

    /** A record of an id channel ({@code in}, {@code out}). */
    public static AnalysisElement idRecord(int channel, long tupleId, long tsc) {
        return new AnalysisElement(Kind.ID, channel, tupleId, tsc, 0, 0, null);
    }

    /**
     * A record of a lineage channel: output {@code childId} descends from {@code rootId}. The
     * root is kept apart from {@link #tsc()}: it is an id, never a time.
     */
    public static AnalysisElement lineage(int channel, long childId, long rootId) {
        return new AnalysisElement(Kind.LINEAGE, channel, childId, 0, rootId, 0, null);
    }

    /** Id records of tuple {@code tupleId}, as far as one subtask has them. */
    public static AnalysisElement tuple(long tupleId, TupleEvents events) {
        AnalysisElement element = new AnalysisElement(Kind.TUPLE, -1, tupleId, 0, 0, 0, null);
        element.events = events;
        return element;
    }

    /** A record of a {@code FIRST_LAST} channel. */
    public static AnalysisElement firstLast(int channel, long tupleId, long tsc) {
        return new AnalysisElement(Kind.FIRST_LAST, channel, tupleId, tsc, 0, 0, null);
    }

    /** A sample of a counter channel ({@code SPC}, {@code MPC}). */
    public static AnalysisElement count(int channel, long tsc, long count) {
        return new AnalysisElement(Kind.COUNT, channel, 0, tsc, count, 0, null);
    }

    /** A sample of a {@code CPU} channel. */
    public static AnalysisElement cpu(int channel, long tsc, long count, long cpuNs) {
        return new AnalysisElement(Kind.CPU, channel, 0, tsc, count, cpuNs, null);
    }

    /** {@code bytes} more of the channel's file, holding {@code records} records, were read. */
    public static AnalysisElement progress(int channel, long bytes, long records) {
        return new AnalysisElement(Kind.PROGRESS, channel, records, 0, bytes, 0, null);
    }

    /** An encoded payload of {@code kind} {@link Kind#FILE_REPORT} or {@link Kind#HOP_STATISTICS}. */
    public static AnalysisElement payload(Kind kind, int channel, byte[] payload) {
        return new AnalysisElement(kind, channel, 0, 0, 0, 0, payload);
    }

    public Kind kind() {
        return kind;
    }

    /** Index of the channel (file) in the log set's catalog, or -1. */
    public int channel() {
        return channel;
    }

    public long id() {
        return id;
    }

    public long tsc() {
        return tsc;
    }

    public long count() {
        return count;
    }

    /** The root id of a {@link Kind#LINEAGE} record (held where other kinds hold a count). */
    public long rootId() {
        return count;
    }

    public long cpuNs() {
        return cpuNs;
    }

    public byte[] payload() {
        return payload;
    }

    /** The records of a {@link Kind#TUPLE}, else null. */
    public TupleEvents events() {
        return events;
    }

    void set(Kind kind, int channel, long id, long tsc, long count, long cpuNs, byte[] payload) {
        this.events = null;
        this.kind = kind;
        this.channel = channel;
        this.id = id;
        this.tsc = tsc;
        this.count = count;
        this.cpuNs = cpuNs;
        this.payload = payload;
    }

    @Override
    public String toString() {
        return kind + "{channel=" + channel + ", id=" + id + ", tsc=" + tsc + ", count=" + count
                + ", cpuNs=" + cpuNs + (payload == null ? "" : ", " + payload.length + " bytes")
                + "}";
    }
}
