package org.cloudprofiler.examples.flink.clicks;

import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;

/** Emits a page's window count, with the page and the window's start. Stateless. */
public final class EmitPageClicks
        extends ProcessWindowFunction<Long, PageClicks, String, TimeWindow> {
    private static final long serialVersionUID = 1L;

    @Override
    public void process(String page, Context context, Iterable<Long> counts,
            Collector<PageClicks> out) {
        out.collect(new PageClicks(page, context.window().getStart(), counts.iterator().next()));
    }
}
