package org.cloudprofiler.channel;

/**
 * The instrumented points of a task, as every engine integration logs them and the analyzer reads
 * them (docs/analyzer-output.md, "Probe points"); each is one channel
 * {@code <component>/<task>/<point>}.
 */
public enum ProbePoint {
    /** A tuple enters the task: an operator's processing call, a source's emit. */
    IN("in"),
    /** A tuple is handed to the transport: each emit, just before the engine takes it. */
    OUT("out"),
    /** Tuples entering the task, counted per period. */
    COUNT("count"),
    /** Tuples entering the task and the CPU time of the thread running it, per period. */
    CPU("cpu"),
    /** The first tuple and the end of the run (the poison pill, id -1). */
    FIRST_LAST("first-last"),
    /**
     * A fan-out output's tie to its source record: each record is {@code (child id, root id)},
     * its second column an id, not a TSC (docs/design.md, "Tuple lineage").
     */
    LINEAGE("lineage"),
    /**
     * A watermark the task generated and emitted (a source's, an assigner's), each that advanced
     * what it had emitted, and its declarations of idleness ({@link #IDLE_WATERMARK}): each
     * record is {@code (watermark, TSC)}, its first column a watermark in ms of event time, not
     * an id (docs/design.md, "Watermarks: when a window's results were
     * released").
     */
    WATERMARK_OUT("watermark-out"),
    /**
     * A watermark whose arrival made the task emit outputs (a window's results, event-time
     * timers), once per watermark: {@code (watermark, TSC)} at the TSC those outputs' {@code in}
     * records carry.
     */
    WATERMARK_IN("watermark-in");

    /**
     * The {@code watermark-out} record of a task that declared itself idle (its downstream tasks
     * stop waiting for its watermarks until it emits one again); no watermark has this value.
     */
    public static final long IDLE_WATERMARK = Long.MIN_VALUE;

    private final String point;

    ProbePoint(String point) {
        this.point = point;
    }

    /** The last component of the channel name. */
    public String point() {
        return point;
    }

    /** Whether this point's records hold a watermark where the others hold a tuple id. */
    public boolean holdsWatermarks() {
        return this == WATERMARK_OUT || this == WATERMARK_IN;
    }

    /** Whether {@code point}, the last component of a channel's name, is this point. */
    public boolean is(String point) {
        return this.point.equals(point);
    }

    /** {@code <component>/<task>/<point>}, with the component made a valid name component. */
    public String channelName(String componentId, int taskId) {
        return ChannelNames.component(componentId) + "/" + taskId + "/" + point;
    }
}
