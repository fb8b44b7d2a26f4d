package org.cloudprofiler.storm.testing;

import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/**
 * Passes each {@code (offset, word)} tuple on, and emits the word's length on stream
 * {@link #LENGTHS}, whose tuples have no id field: the profiler logs them under the id of the
 * tuple being executed. Stateless.
 */
public final class ForwardBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    public static final String LENGTHS = "lengths";

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        String word = input.getStringByField("word");
        collector.emit(new Values(input.getLongByField("offset"), word));
        collector.emit(LENGTHS, new Values(word.length()));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("offset", "word"));
        declarer.declareStream(LENGTHS, new Fields("length"));
    }
}
