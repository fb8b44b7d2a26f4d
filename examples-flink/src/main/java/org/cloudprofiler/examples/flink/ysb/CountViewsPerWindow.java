package org.cloudprofiler.examples.flink.ysb;

import java.util.ArrayList;
import java.util.List;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.cloudprofiler.examples.ysb.common.TumblingWindows;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * YSB step 5, keyed by campaign: counts the campaign's views per tumbling window of event time
 * (the view's own time, not Flink's watermarks) and passes every view on with its window's count
 * so far, so the sink always holds the latest count, as Storm's WindowCountBolt does. The counts
 * are keyed state; the windows the campaign's newest view has left behind
 * ({@link TumblingWindows}) are forgotten, and a view that still falls into one is counted
 * ({@code ysb.late-views}) and dropped. The newest window is the campaign's own, where the Storm
 * bolt keeps one per task: on views in event-time order both count the same.
 */
final class CountViewsPerWindow extends KeyedProcessFunction<String, CampaignView, WindowCount> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(CountViewsPerWindow.class);

    private final TumblingWindows windows;
    private transient MapState<Long, Long> viewsByWindowStart;
    private transient ValueState<Long> newestWindowStart;
    private transient CountedDrops lateViews;

    CountViewsPerWindow(TumblingWindows windows) {
        this.windows = windows;
    }

    @Override
    public void open(OpenContext context) {
        viewsByWindowStart = getRuntimeContext().getMapState(
                new MapStateDescriptor<>("views-by-window-start", Types.LONG, Types.LONG));
        newestWindowStart = getRuntimeContext().getState(
                new ValueStateDescriptor<>("newest-window-start", Types.LONG));
        lateViews = CountedDrops.register(getRuntimeContext().getMetricGroup(),
                CountedDrops.LATE_VIEWS, LOG);
    }

    @Override
    public void processElement(CampaignView view, Context context, Collector<WindowCount> out)
            throws Exception {
        long start = windows.startOf(view.eventTimeMs());
        Long newest = newestWindowStart.value();
        if (newest == null || start > newest) {
            newestWindowStart.update(start);
            forgetWindowsBefore(windows.oldestRetainedStart(start));
        } else if (windows.isLate(start, newest)) {
            lateViews.drop("YSB window count: dropping a view of campaign {} whose window is"
                    + " forgotten; further ones are only counted in ysb.late-views",
                    context.getCurrentKey());
            return;
        }
        Long counted = viewsByWindowStart.get(start);
        long views = counted == null ? 1 : counted + 1;
        viewsByWindowStart.put(start, views);
        out.collect(new WindowCount(context.getCurrentKey(), start, views));
    }

    private void forgetWindowsBefore(long oldestStartMs) throws Exception {
        List<Long> old = new ArrayList<>();
        for (Long start : viewsByWindowStart.keys()) {
            if (start < oldestStartMs) {
                old.add(start);
            }
        }
        for (Long start : old) {
            viewsByWindowStart.remove(start);
        }
    }
}
