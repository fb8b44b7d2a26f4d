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

/**
 * YSB step 5: counts each campaign's views per tumbling window of event time and passes every
 * view on with its window's count so far, so the sink always holds the latest count (as the
 * benchmark's Redis does). Grouped by campaign, so one task owns each campaign. Windows more than
 * {@code retainedWindows} behind the newest are forgotten to bound memory; a view that still
 * falls into one is counted ({@code ysb.late-views}) and dropped.
 */
public final class WindowCountBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    private final long windowMs;
    private final int retainedWindows;
    private transient Map<WindowKey, long[]> counts;
    private transient long newestWindowStartMs;
    private transient Counter lateViews;

    /**
     * @param windowMs the window length (YSB: 10 s)
     * @param retainedWindows how many windows behind the newest still take views
     */
    public WindowCountBolt(long windowMs, int retainedWindows) {
        if (windowMs < 1 || retainedWindows < 1) {
            throw new IllegalArgumentException("need a window of at least 1 ms and at least one"
                    + " retained window, not " + windowMs + " ms and " + retainedWindows);
        }
        this.windowMs = windowMs;
        this.retainedWindows = retainedWindows;
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
        long windowStartMs = eventTimeMs - Math.floorMod(eventTimeMs, windowMs);
        if (windowStartMs > newestWindowStartMs) {
            newestWindowStartMs = windowStartMs;
            forgetOldWindows();
        } else if (windowStartMs < oldestRetainedStartMs()) {
            lateViews.inc();
            return;
        }
        String campaign = input.getStringByField(YsbFields.CAMPAIGN_ID);
        long count = ++counts.computeIfAbsent(new WindowKey(campaign, windowStartMs),
                key -> new long[1])[0];
        collector.emit(new Values(input.getValueByField(YsbFields.PARTITION),
                input.getValueByField(YsbFields.OFFSET), campaign, windowStartMs, count));
    }

    private long oldestRetainedStartMs() {
        return newestWindowStartMs - (retainedWindows - 1) * windowMs;
    }

    private void forgetOldWindows() {
        long oldest = oldestRetainedStartMs();
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
