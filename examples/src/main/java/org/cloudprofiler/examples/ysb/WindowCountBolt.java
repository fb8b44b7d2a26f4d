package org.cloudprofiler.examples.ysb;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

import com.codahale.metrics.Counter;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.cloudprofiler.examples.ysb.common.TumblingWindows;
import org.cloudprofiler.examples.ysb.common.WindowKey;

/**
 * YSB step 5: counts each campaign's views per tumbling window of event time and passes every
 * view on with its window's count so far, so the sink always holds the latest count (as the
 * benchmark's Redis does). Grouped by campaign, so one task owns each campaign. The windows the
 * task's newest view has left behind ({@link TumblingWindows}) are forgotten to bound memory; a
 * view that still falls into one is counted ({@code ysb.late-views}) and dropped.
 */
public final class WindowCountBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    private final TumblingWindows windows;
    private transient Map<WindowKey, long[]> counts;
    private transient long newestWindowStartMs;
    private transient Counter lateViews;

    /** @param windows the windows and how many of them take views ({@link TumblingWindows#YSB}) */
    public WindowCountBolt(TumblingWindows windows) {
        this.windows = windows;
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context) {
        counts = new HashMap<>();
        newestWindowStartMs = Long.MIN_VALUE;
        lateViews = context.registerCounter("ysb.late-views");
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        long eventTimeMs = input.getLongByField(YsbFields.EVENT_TIME);
        long windowStartMs = windows.startOf(eventTimeMs);
        if (windowStartMs > newestWindowStartMs) {
            newestWindowStartMs = windowStartMs;
            forgetOldWindows();
        } else if (windows.isLate(windowStartMs, newestWindowStartMs)) {
            lateViews.inc();
            return;
        }
        String campaign = input.getStringByField(YsbFields.CAMPAIGN_ID);
        long count = ++counts.computeIfAbsent(new WindowKey(campaign, windowStartMs),
                key -> new long[1])[0];
        collector.emit(new Values(input.getValueByField(YsbFields.PARTITION),
                input.getValueByField(YsbFields.OFFSET), campaign, windowStartMs, count));
    }

    private void forgetOldWindows() {
        long oldest = windows.oldestRetainedStart(newestWindowStartMs);
        for (Iterator<WindowKey> keys = counts.keySet().iterator(); keys.hasNext(); ) {
            if (keys.next().windowStartMs() < oldest) {
                keys.remove();
            }
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(YsbFields.COUNTED);
    }
}
