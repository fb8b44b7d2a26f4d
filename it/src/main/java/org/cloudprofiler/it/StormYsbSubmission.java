package org.cloudprofiler.it;

import java.nio.file.Path;
import java.util.Map;

import org.apache.storm.StormSubmitter;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.IRichSpout;
import org.cloudprofiler.examples.ysb.YsbTopology;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.storm.jof.JofSpout;
import org.cloudprofiler.storm.jof.JofSpoutConfig;

/**
 * Submits the YSB topology, built with Storm's own {@code TopologyBuilder}, to the Storm cluster
 * {@code storm jar} runs it against: two JofSpout tasks (the generator's source, not the
 * profiling API), each binding one receiver on every interface of the supervisor it lands on
 * (spout task {@code k} on port {@value #BASE_PORT} + k), two tasks per bolt on two workers. A
 * cluster configured to profile every topology (docs/storm.md) profiles it as it is;
 * {@link ProfiledStormYsbSubmission} is the same built to be profiled anywhere. Arguments: the
 * topology's name and the join table's file ({@link CampaignTable}).
 */
public final class StormYsbSubmission {
    /** The port of spout task 0's receiver. */
    public static final int BASE_PORT = 27000;
    public static final int SPOUT_TASKS = 2;
    static final int BOLT_TASKS = 2;
    static final int WORKERS = 2;

    /** Builds the topology of a source, its tasks, the bolts' tasks and the join table. */
    @FunctionalInterface
    interface YsbBuilder {
        StormTopology build(IRichSpout events, int spoutTasks, int boltTasks,
                Map<String, String> campaignOfAd);
    }

    private StormYsbSubmission() {}

    public static void main(String[] args) throws Exception {
        submit(StormYsbSubmission.class, args, YsbTopology::uninstrumented);
    }

    /** Submits the YSB as {@code builder} builds it, as {@code main} of {@code submission}. */
    static void submit(Class<?> submission, String[] args, YsbBuilder builder) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: storm jar ysb-cluster.jar " + submission.getName()
                    + " TOPOLOGY-NAME CAMPAIGNS-FILE");
            System.exit(2);
        }
        JofSpoutConfig jof = JofSpoutConfig.builder("0.0.0.0", BASE_PORT)
                .setReceiversPerTask(1).setPayload(Payload.ysb()).build();
        StormSubmitter.submitTopology(args[0], YsbTopology.config(WORKERS),
                builder.build(new JofSpout(jof), SPOUT_TASKS, BOLT_TASKS,
                        CampaignTable.read(Path.of(args[1]))));
    }
}
