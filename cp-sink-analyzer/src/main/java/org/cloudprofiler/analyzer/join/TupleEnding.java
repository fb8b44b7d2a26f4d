package org.cloudprofiler.analyzer.join;

import java.io.Serializable;
import java.util.Locale;

/**
 * Why a tuple that never had every record a complete tuple has ended by its time-out, read from
 * the records it did have ({@link #of}). Immutable.
 *
 * @param reason what its records show
 * @param component where: the component it ended at, left, or reached (null for reasons that
 *     name none)
 * @param next for {@link Reason#NOT_REACHED}, the component it never reached; else null
 */
public record TupleEnding(Reason reason, String component, String next) implements Serializable {

    private static final long serialVersionUID = 1L;

    /**
     * What the records of a timed-out tuple show: the first three are checked per component
     * along the data flow, in this order.
     */
    public enum Reason {
        /** It reached a component with no record upstream: those records are missing. */
        UPSTREAM_MISSING,
        /** A component took it in and emitted nothing for it: filtered out, or still inside. */
        ENDED_AT,
        /** A component emitted it, and a component subscribed to it never took it in. */
        NOT_REACHED,
        /** It passed every component on its way, but some of its records are missing. */
        RECORDS_MISSING,
        /** Nothing says when a tuple is complete (no topology.json, or one with a cycle). */
        NO_COMPLETION_RULE
    }

    /**
     * Why {@code tuple}, which ended incomplete, ended: the first thing along the data flow
     * that its records show.
     */
    static TupleEnding of(HopPlan plan, TupleEvents tuple) {
        return of(plan, tuple, HopPlan.SOURCE_RECORD);
    }

    /**
     * As {@link #of(HopPlan, TupleEvents)}, for a tuple that starts at {@code start}
     * ({@link HopPlan#startOf}): an output has nothing upstream of the operator that minted it.
     */
    static TupleEnding of(HopPlan plan, TupleEvents tuple, int start) {
        Flow flow = plan.flow();
        if (flow == null || plan.expectedEvents(start) == 0) {
            return new TupleEnding(Reason.NO_COMPLETION_RULE, null, null);
        }
        int components = plan.components().size();
        boolean[] in = new boolean[components];
        boolean[] out = new boolean[components];
        for (int i = 0; i < tuple.size; i++) {
            int channel = tuple.channels[i];
            if (plan.point(channel) == HopPlan.IN) {
                in[plan.component(channel)] = true;
            } else if (plan.point(channel) == HopPlan.OUT) {
                out[plan.component(channel)] = true;
            }
        }
        for (int c = 0; c < components; c++) {
            if (!plan.passes(start, c)) {
                continue;
            }
            String name = plan.components().get(c);
            if (in[c] && !flow.isSource(c) && c != start && flow.upstream(c).length > 0
                    && noneOf(out, flow.upstream(c))) {
                return new TupleEnding(Reason.UPSTREAM_MISSING, name, null);
            }
            if (in[c] && !out[c] && flow.awaits(c, HopPlan.OUT)) {
                return new TupleEnding(Reason.ENDED_AT, name, null);
            }
            if (out[c]) {
                for (int next : flow.downstream(c)) {
                    if (!in[next] && flow.awaits(next, HopPlan.IN) && plan.passes(start, next)) {
                        return new TupleEnding(Reason.NOT_REACHED, name,
                                plan.components().get(next));
                    }
                }
            }
        }
        return new TupleEnding(Reason.RECORDS_MISSING, null, null);
    }

    private static boolean noneOf(boolean[] seen, int[] components) {
        for (int component : components) {
            if (seen[component]) {
                return false;
            }
        }
        return true;
    }

    /** What {@code tuples} tuples that ended so mean, for the user. */
    public String explain(long tuples) {
        boolean one = tuples == 1;
        String count = String.format(Locale.ROOT, "%,d %s", tuples, one ? "tuple" : "tuples");
        String them = one ? "it" : "them";
        return switch (reason) {
            case UPSTREAM_MISSING -> count + " reached " + component + " with no record upstream"
                    + " of it: those records were lost (see drops), or arrived after the tuple had"
                    + " timed out (a --tuple-timeout shorter than its way)";
            case ENDED_AT -> count + " ended at " + component + ", which took " + them + " in"
                    + " and emitted nothing for " + them + ": filtered out there, or still inside"
                    + " it when the logs end";
            case NOT_REACHED -> count + " left " + component + " but never reached " + next
                    + ": in flight when the logs end, or lost between them (see drops)";
            case RECORDS_MISSING -> count + " passed every component on the way but "
                    + (one ? "lacks" : "lack") + " records: a task of an all or broadcast"
                    + " grouping that never got " + them + ", records a channel dropped or a"
                    + " damaged block held, or a handler that samples";
            case NO_COMPLETION_RULE -> count + " ended by the time-out alone: without"
                    + " topology.json, or with a cycle in it, nothing says when a tuple is"
                    + " complete";
        };
    }
}
