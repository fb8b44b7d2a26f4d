package org.cloudprofiler.it;

import java.io.IOException;
import java.nio.file.Path;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.cloudprofiler.examples.flink.ysb.AdEventReader;
import org.cloudprofiler.examples.flink.ysb.YsbJob;
import org.cloudprofiler.flink.source.JofSource;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.ysb.AdEvent;

/**
 * Submits the YSB job, as its user wrote it, to the Flink cluster {@code flink run} runs it
 * against, at parallelism {@value #PARALLELISM}, fed by a bounded JofSource (the generator's
 * source, not the profiling API) whose receiver {@code r} is bound by source subtask {@code r}
 * on every interface of its TaskManager, port {@value #BASE_PORT} + r. A client configured to
 * profile every job ({@code execution.target: cloudprofiler}, docs/flink.md) profiles it as it
 * is; {@link ProfiledFlinkYsbSubmission} is the same profiled by the API anywhere. Arguments:
 * the job's name and the join table's file ({@link CampaignTable}).
 */
public final class FlinkYsbSubmission {
    /** The port of receiver 0. */
    public static final int BASE_PORT = 28000;
    public static final int PARALLELISM = 2;

    private FlinkYsbSubmission() {}

    public static void main(String[] args) throws Exception {
        environment(FlinkYsbSubmission.class, args).executeAsync(args[0]);
    }

    /** The environment with the YSB job in it, as {@code main} of {@code submission} builds it. */
    static StreamExecutionEnvironment environment(Class<?> submission, String[] args)
            throws IOException {
        if (args.length != 2) {
            System.err.println("usage: flink run -d -c " + submission.getName()
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
        return env;
    }
}
