package org.cloudprofiler.storm.testing;

import java.util.List;
import java.util.Map;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseWindowedBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.apache.storm.windowing.TupleWindow;

/** Emits the sum of the {@code offset} field over each window; checks what it sees. */
public final class WindowSumBolt extends BaseWindowedBolt {
    private static final long serialVersionUID = 1L;

    private transient OutputCollector collector;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context,
            OutputCollector collector) {
        this.collector = collector;
    }

    @Override
    public void execute(TupleWindow window) {
        long sum = 0;
        for (Tuple tuple : window.get()) {
            FieldsCheck.expect(tuple, List.of("offset", "word"));
            sum += tuple.getLongByField("offset");
        }
        collector.emit(new Values(sum));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("sum"));
    }
}
