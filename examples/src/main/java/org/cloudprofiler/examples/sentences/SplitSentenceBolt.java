package org.cloudprofiler.examples.sentences;

import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/** Emits each word of a sentence, anchored to it (a basic bolt acks it once done). */
public final class SplitSentenceBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    public static final String WORD = "word";

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        for (String word : input.getStringByField(RandomSentenceSpout.SENTENCE).split(" ")) {
            if (!word.isEmpty()) {
                collector.emit(new Values(word));
            }
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields(WORD));
    }
}
