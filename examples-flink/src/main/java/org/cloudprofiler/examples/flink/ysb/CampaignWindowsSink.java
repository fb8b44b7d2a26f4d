package org.cloudprofiler.examples.flink.ysb;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.cloudprofiler.examples.ysb.common.CampaignWindows;
import org.cloudprofiler.examples.ysb.common.WindowKey;

/**
 * YSB step 6, the sink: keeps each campaign window's latest count in {@link CampaignWindows}
 * under the job's results name (the benchmark writes it to Redis), where a local run or a test
 * in the same JVM reads it. The writer is called on its subtask's task thread.
 */
final class CampaignWindowsSink implements Sink<WindowCount> {
    private static final long serialVersionUID = 1L;

    private final String resultsName;

    CampaignWindowsSink(String resultsName) {
        this.resultsName = resultsName;
    }

    @Override
    public SinkWriter<WindowCount> createWriter(WriterInitContext context) {
        return new SinkWriter<>() {
            @Override
            public void write(WindowCount count, Context context) {
                CampaignWindows.record(resultsName,
                        new WindowKey(count.campaignId(), count.windowStartMs()), count.views());
            }

            @Override
            public void flush(boolean endOfInput) {}

            @Override
            public void close() {}
        };
    }
}
