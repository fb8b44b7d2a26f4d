package org.cloudprofiler.examples.ysb;

import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/** YSB step 2: keeps the {@code view} events, passes them on unchanged. Stateless. */
public final class FilterViewsBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        if ("view".equals(input.getStringByField(YsbFields.EVENT_TYPE))) {
            collector.emit(input.getValues());
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(YsbFields.EVENT);
    }
}
