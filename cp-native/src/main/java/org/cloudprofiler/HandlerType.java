package org.cloudprofiler;

import java.util.List;

/**
 * What a channel does with each {@code logTS} call. The ids are the log format's handler ids
 * (docs/log-format.md) and the native core's; never renumber them.
 */
public enum HandlerType {
    /** Accepts and counts calls, records nothing: the cost of the instrumentation alone. */
    NULL(0, List.of()),
    /** Every call recorded; full blocks encoded and written by the calling thread. */
    ID(1, List.of()),
    /** Every call recorded; full blocks compressed and written by background threads. */
    BUFFERED_ID(2, List.of()),
    /** Single-writer periodic counter: one {@code (tsc, count)} sample per period. */
    SPC(3, List.of(new Parameter("periodNs", 100_000_000L, 1_000_000L, Long.MAX_VALUE))),
    /** Multi-writer periodic counter; any thread may log to it. */
    MPC(4, List.of(new Parameter("periodNs", 100_000_000L, 1_000_000L, Long.MAX_VALUE))),
    /** Records calls 1, n+1, 2n+1, ...; the rest are counted as filtered. */
    DOWNSAMPLE(5, List.of(new Parameter("n", 100L, 1L, Long.MAX_VALUE))),
    /** Records a call iff {@code floorMod(id, y) < x}. */
    XOY(6, List.of(
            new Parameter("x", 1L, 0L, Long.MAX_VALUE),
            new Parameter("y", 100L, 1L, Long.MAX_VALUE))),
    /** Records the first call and the first poison pill (id {@code -1}). */
    FIRST_LAST(7, List.of()),
    /** Per period: calls and the writer thread's CPU time, i.e. task-level CPU efficiency. */
    CPU(8, List.of(new Parameter("periodNs", 100_000_000L, 1_000_000L, Long.MAX_VALUE)));

    /** Id of the poison pill that marks the end of a run for {@link #FIRST_LAST}. */
    public static final long POISON_PILL_ID = -1L;

    private final int id;
    private final List<Parameter> parameters;

    HandlerType(int id, List<Parameter> parameters) {
        this.id = id;
        this.parameters = parameters;
    }

    /** The handler id of the log format and the native core. */
    public int id() {
        return id;
    }

    /** The parameters {@link CloudProfiler#parameterize} accepts, by index. */
    public List<Parameter> parameters() {
        return parameters;
    }

    /** Only multi-writer handlers may be logged to from several threads. */
    public boolean isMultiWriter() {
        return this == MPC;
    }

    /** The handler with this id, or {@code null} if the id is unknown. */
    public static HandlerType fromId(int id) {
        for (HandlerType type : values()) {
            if (type.id == id) {
                return type;
            }
        }
        return null;
    }

    /** One handler parameter: its name, default and inclusive range. */
    public record Parameter(String name, long defaultValue, long min, long max) {}
}
