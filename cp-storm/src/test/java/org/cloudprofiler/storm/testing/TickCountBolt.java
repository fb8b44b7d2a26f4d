package org.cloudprofiler.storm.testing;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.storm.Config;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.TupleUtils;

/**
 * Counts the tuples it takes and emits the count on each tick tuple (one a second), as rolling
 * counts are written; emits nothing for the tuples themselves.
 */
public final class TickCountBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    /** Counts emitted on ticks in this JVM. */
    public static final AtomicLong EMITTED = new AtomicLong();

    private long count;

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        if (TupleUtils.isTick(input)) {
            collector.emit(new Values(count));
            EMITTED.incrementAndGet();
        } else {
            count++;
        }
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("count"));
    }
}
