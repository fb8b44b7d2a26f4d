package org.cloudprofiler.examples.ysb;

import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/** YSB step 3: keeps the ad and the event time of each view. Stateless. */
public final class ProjectBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        collector.emit(new Values(input.getValueByField(YsbFields.PARTITION),
                input.getValueByField(YsbFields.OFFSET), input.getValueByField(YsbFields.AD_ID),
                input.getValueByField(YsbFields.EVENT_TIME)));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(YsbFields.PROJECTED);
    }
}
