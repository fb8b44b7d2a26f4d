package org.cloudprofiler.examples.flink.ysb;

import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.slf4j.Logger;

/**
 * The records a YSB step drops, counted in the metric group {@code ysb} (so a reporter shows
 * {@code ysb.late-views}, the name the Storm example's metric has), the first drop also logged.
 * Used on its operator's task thread only.
 */
final class CountedDrops {
    static final String GROUP = "ysb";
    static final String UNREADABLE_EVENTS = "unreadable-events";
    static final String UNKNOWN_ADS = "unknown-ads";
    static final String LATE_VIEWS = "late-views";

    private final Counter dropped;
    private final Logger log;

    private CountedDrops(Counter dropped, Logger log) {
        this.dropped = dropped;
        this.log = log;
    }

    /** Registers the counter {@code ysb.<name>} under {@code operator}. */
    static CountedDrops register(MetricGroup operator, String name, Logger log) {
        return new CountedDrops(operator.addGroup(GROUP).counter(name), log);
    }

    /** Counts a dropped record; the first is logged as {@code warning}, with {@code detail}. */
    void drop(String warning, Object detail) {
        if (dropped.getCount() == 0) {
            log.warn(warning, detail);
        }
        dropped.inc();
    }
}
