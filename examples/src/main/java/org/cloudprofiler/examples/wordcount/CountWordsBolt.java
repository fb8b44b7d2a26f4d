package org.cloudprofiler.examples.wordcount;

import java.util.Map;

import org.apache.storm.Config;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/** Tallies words into {@link WordCounts}; the sink of the word count. */
public final class CountWordsBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    private transient Map<String, WordTally> tallies;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context) {
        tallies = WordCounts.of((String) topoConf.get(Config.TOPOLOGY_NAME));
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        tallies.merge(input.getStringByField(SplitWordsBolt.WORD),
                new WordTally(1, ((Number) input.getValueByField("offset")).longValue()),
                WordTally::plus);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // A sink.
    }
}
