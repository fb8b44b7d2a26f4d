package org.cloudprofiler.examples.flink.ysb;

import java.io.IOException;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;
import org.cloudprofiler.generator.ysb.AdEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * YSB step 1: turns each source record into an ad event with the job's {@link AdEventReader}. A
 * record that holds none is counted ({@code ysb.unreadable-events}) and dropped, its first
 * occurrence logged, as Storm's DeserializeBolt does.
 *
 * @param <T> what the source emits
 */
final class DeserializeEvents<T> extends RichFlatMapFunction<T, AdEvent> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(DeserializeEvents.class);

    private final AdEventReader<T> reader;
    private transient CountedDrops unreadable;

    DeserializeEvents(AdEventReader<T> reader) {
        this.reader = reader;
    }

    @Override
    public void open(OpenContext context) {
        unreadable = CountedDrops.register(getRuntimeContext().getMetricGroup(),
                CountedDrops.UNREADABLE_EVENTS, LOG);
    }

    @Override
    public void flatMap(T record, Collector<AdEvent> out) {
        try {
            out.collect(reader.read(record));
        } catch (IOException | RuntimeException e) {
            unreadable.drop("YSB deserialize: dropping an unreadable event ({}); further ones are"
                    + " only counted in ysb.unreadable-events", e.getMessage());
        }
    }
}
