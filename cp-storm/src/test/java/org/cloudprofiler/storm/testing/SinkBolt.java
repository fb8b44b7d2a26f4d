package org.cloudprofiler.storm.testing;

import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/** Takes tuples and emits nothing. Stateless. */
public final class SinkBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        // A sink: the profiler's in channel is what the tests look at.
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // Emits nothing.
    }
}
