package org.cloudprofiler.examples.flink.ysb;

import java.io.IOException;
import java.io.Serializable;

import org.cloudprofiler.examples.ysb.common.AdEventJson;
import org.cloudprofiler.generator.ysb.AdEvent;

/**
 * Turns what a source emits into an ad event, in the YSB job's deserialize step: the one thing
 * that differs between sources. Called on the step's task thread; an implementation is
 * serialized with the job.
 *
 * @param <T> what the source emits
 */
@FunctionalInterface
public interface AdEventReader<T> extends Serializable {

    /**
     * The event {@code record} holds.
     *
     * @throws IOException if it holds none; the job counts it and goes on
     */
    AdEvent read(T record) throws IOException;

    /** For a JofSource with the YSB payload: the JOF has made the event already. */
    static AdEventReader<AdEvent> asIs() {
        return event -> event;
    }

    /** For a KafkaSource of the benchmark's JSON text ({@code YsbKafkaFeed} writes it). */
    static AdEventReader<String> json() {
        return AdEventJson::read;
    }
}
