package org.cloudprofiler.it;

import java.nio.file.Path;

import org.apache.storm.Config;
import org.apache.storm.StormSubmitter;
import org.cloudprofiler.examples.ysb.YsbTopology;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.storm.ProfiledTopologyBuilder;
import org.cloudprofiler.storm.jof.JofSpout;
import org.cloudprofiler.storm.jof.JofSpoutConfig;

/**
 * Submits the profiled YSB topology to the Storm cluster {@code storm jar} runs it against: two
 * JofSpout tasks, each binding one receiver on every interface of the supervisor it lands on
 * (spout task {@code k} on port {@value #BASE_PORT} + k), two tasks per bolt on two workers.
 * Arguments: the topology's name and the join table's file ({@link CampaignTable}).
 */
public final class StormYsbSubmission {
    /** The port of spout task 0's receiver. */
    public static final int BASE_PORT = 27000;
    public static final int SPOUT_TASKS = 2;
    static final int BOLT_TASKS = 2;
    static final int WORKERS = 2;

    private StormYsbSubmission() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: storm jar ysb-cluster.jar " + StormYsbSubmission.class
                    .getName() + " TOPOLOGY-NAME CAMPAIGNS-FILE");
            System.exit(2);
        }
        JofSpoutConfig jof = JofSpoutConfig.builder("0.0.0.0", BASE_PORT)
                .setReceiversPerTask(1).setPayload(Payload.ysb()).build();
        Config conf = YsbTopology.config(WORKERS);
        ProfiledTopologyBuilder.checkConfig(conf);
        StormSubmitter.submitTopology(args[0], conf, YsbTopology.profiled(new JofSpout(jof),
                SPOUT_TASKS, BOLT_TASKS, CampaignTable.read(Path.of(args[1]))));
    }
}
