package org.cloudprofiler.storm.testing;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/** A running count per word, emitted with each word it counts; checks what it sees. */
public final class WordCountBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    private final Map<String, Long> counts = new HashMap<>();

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        FieldsCheck.expect(input, List.of("word"));
        String word = input.getStringByField("word");
        collector.emit(new Values(word, counts.merge(word, 1L, Long::sum)));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("word", "count"));
    }
}
