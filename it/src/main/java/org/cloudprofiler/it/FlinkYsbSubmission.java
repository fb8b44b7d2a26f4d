package org.cloudprofiler.it;

import java.nio.file.Path;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.cloudprofiler.examples.flink.ysb.AdEventReader;
import org.cloudprofiler.examples.flink.ysb.YsbJob;
import org.cloudprofiler.flink.profile.CloudProfilerFlink;
import org.cloudprofiler.flink.source.JofSource;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.ysb.AdEvent;

/**
 * Submits the profiled YSB job to the Flink cluster {@code flink run} runs it against, at
 * parallelism {@value #PARALLELISM}, fed by a bounded JofSource whose receiver {@code r} is
 * bound by source subtask {@code r} on every interface of its TaskManager, port
 * {@value #BASE_PORT} + r. Arguments: the job's name and the join table's file
 * ({@link CampaignTable}).
 */
public final class FlinkYsbSubmission {
    /** The port of receiver 0. */
    public static final int BASE_PORT = 28000;
    public static final int PARALLELISM = 2;

    private FlinkYsbSubmission() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: flink run -d -c " + FlinkYsbSubmission.class.getName()
                    + " ysb-cluster.jar JOB-NAME CAMPAIGNS-FILE");
            System.exit(2);
        }
        JofSource<AdEvent> source = JofSource.<AdEvent>builder().setBindHost("0.0.0.0")
                .setBasePort(BASE_PORT).setReceivers(PARALLELISM).setPayload(Payload.ysb())
                .setValueOnlyDeserializer(AdEvent.class).setBounded().build();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(PARALLELISM);
        YsbJob.addTo(env, source, AdEventReader.asIs(), CampaignTable.read(Path.of(args[1])),
                args[0]);
        CloudProfilerFlink.profile(env).executeAsync(args[0]);
    }
}
