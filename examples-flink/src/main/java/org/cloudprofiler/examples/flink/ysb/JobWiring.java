package org.cloudprofiler.examples.flink.ysb;

import java.util.Map;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.cloudprofiler.flink.source.JofSource;
import org.cloudprofiler.generator.ysb.AdEvent;

/** Adds one of the YSB jobs to an environment, fed by a JofSource: what a local run runs. */
@FunctionalInterface
interface JobWiring {
    void addTo(StreamExecutionEnvironment env, JofSource<AdEvent> events,
            Map<String, String> campaignOfAd, String resultsName);
}
