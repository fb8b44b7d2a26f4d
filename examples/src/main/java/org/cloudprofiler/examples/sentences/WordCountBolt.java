package org.cloudprofiler.examples.sentences;

import java.util.HashMap;
import java.util.Map;

import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/**
 * Counts the words it receives (a fields grouping on {@code word} sends each word to one task)
 * and emits each word with its count so far.
 */
public final class WordCountBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    public static final String COUNT = "count";

    private transient Map<String, Long> counts;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context) {
        counts = new HashMap<>();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        String word = input.getStringByField(SplitSentenceBolt.WORD);
        collector.emit(new Values(word, counts.merge(word, 1L, Long::sum)));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields(SplitSentenceBolt.WORD, COUNT));
    }
}
