package org.cloudprofiler.examples.ysb;

import java.io.IOException;
import java.util.Map;

import com.codahale.metrics.Counter;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.cloudprofiler.examples.ysb.common.AdEventJson;
import org.cloudprofiler.generator.ysb.AdEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * YSB step 1: turns the source's {@code value} into the event's fields. From JofSpout the value
 * is an {@link AdEvent} already (the JOF deserialized it off the critical path); from KafkaSpout
 * it is the benchmark's JSON text. A value that is neither, or bad JSON, is counted
 * ({@code ysb.unreadable-events}) and dropped, its first occurrence logged.
 */
public final class DeserializeBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(DeserializeBolt.class);

    private transient Counter unreadable;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context) {
        unreadable = context.registerCounter("ysb.unreadable-events");
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        AdEvent event = read(input.getValueByField(YsbFields.VALUE));
        if (event == null) {
            return;
        }
        collector.emit(new Values(input.getValueByField(YsbFields.PARTITION),
                input.getValueByField(YsbFields.OFFSET), event.userId(), event.pageId(),
                event.adId(), event.adType(), event.eventType(), event.eventTimeMs(),
                event.ipAddress()));
    }

    private AdEvent read(Object value) {
        if (value instanceof AdEvent event) {
            return event;
        }
        String problem;
        if (value instanceof String json) {
            try {
                return AdEventJson.read(json);
            } catch (IOException e) {
                problem = e.getMessage();
            }
        } else {
            problem = "a value of " + (value == null ? "null" : value.getClass().getName())
                    + " is neither an AdEvent nor YSB JSON text";
        }
        if (unreadable.getCount() == 0) {
            LOG.warn("YSB deserialize: dropping an unreadable event ({}); further ones are only"
                    + " counted in ysb.unreadable-events", problem);
        }
        unreadable.inc();
        return null;
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(YsbFields.EVENT);
    }
}
