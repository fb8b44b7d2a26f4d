package org.cloudprofiler.examples.wordcount;

import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.IRichSpout;
import org.apache.storm.tuple.Fields;
import org.cloudprofiler.storm.ProfiledTopologyBuilder;

/**
 * Word count written against KafkaSpout's fields ({@code topic, partition, offset, key, value}
 * with a text value), so the same topology runs fed by a {@code KafkaSpout} or, unchanged, by a
 * {@code JofSpout}: records → split → count. Stateless.
 */
public final class WordCountTopology {
    public static final String RECORDS = "records";
    public static final String SPLIT = "split";
    public static final String COUNT = "count";

    private WordCountTopology() {}

    /** The profiled topology over {@code records}, one task per component. */
    public static StormTopology profiled(IRichSpout records) {
        ProfiledTopologyBuilder builder = new ProfiledTopologyBuilder();
        builder.setSpout(RECORDS, records, 1);
        builder.setBolt(SPLIT, new SplitWordsBolt(), 1).shuffleGrouping(RECORDS);
        builder.setBolt(COUNT, new CountWordsBolt(), 1)
                .fieldsGrouping(SPLIT, new Fields(SplitWordsBolt.WORD));
        return builder.createTopology();
    }
}
