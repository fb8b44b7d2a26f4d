package org.cloudprofiler.examples.wordcount;

import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/**
 * Splits each record's text {@code value} into lower-case words, each passed on with the
 * record's {@code partition} and {@code offset}. Stateless.
 */
public final class SplitWordsBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    public static final String WORD = "word";

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        Object partition = input.getValueByField("partition");
        Object offset = input.getValueByField("offset");
        for (String word : input.getStringByField("value").toLowerCase().split("\\W+")) {
            if (!word.isEmpty()) {
                collector.emit(new Values(partition, offset, word));
            }
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("partition", "offset", WORD));
    }
}
