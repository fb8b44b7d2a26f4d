package org.cloudprofiler.examples.flink.clicks;

import org.apache.flink.api.common.functions.AggregateFunction;

/** Counts a window's clicks incrementally: the window keeps one number, not its clicks. */
public final class CountClicks implements AggregateFunction<Click, Long, Long> {
    private static final long serialVersionUID = 1L;

    @Override
    public Long createAccumulator() {
        return 0L;
    }

    @Override
    public Long add(Click click, Long count) {
        return count + 1;
    }

    @Override
    public Long getResult(Long count) {
        return count;
    }

    @Override
    public Long merge(Long a, Long b) {
        return a + b;
    }
}
