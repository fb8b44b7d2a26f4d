package org.cloudprofiler.examples.flink.clicks;

import org.apache.flink.api.common.functions.MapFunction;

/** A page's window count as clicks per second of event time. Stateless. */
public final class ToClicksPerSecond implements MapFunction<PageClicks, PageRate> {
    private static final long serialVersionUID = 1L;

    private final long windowMs;

    public ToClicksPerSecond(long windowMs) {
        this.windowMs = windowMs;
    }

    @Override
    public PageRate map(PageClicks count) {
        return new PageRate(count.page(), count.windowStartMs(),
                count.clicks() * 1000.0 / windowMs);
    }
}
