package org.cloudprofiler.examples.sentences;

import java.util.Map;

import org.apache.storm.Config;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/**
 * The sink: keeps each word's latest count in {@link ReportedCounts}, under the topology's name.
 * Counts of one word come from one counting task, in order, so the latest is the highest.
 */
public final class ReportBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    private transient Map<String, Long> counts;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context) {
        counts = ReportedCounts.of((String) topoConf.get(Config.TOPOLOGY_NAME));
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        counts.merge(input.getStringByField(SplitSentenceBolt.WORD),
                input.getLongByField(WordCountBolt.COUNT), Math::max);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // A sink.
    }
}
