package org.cloudprofiler.bench.storm;

import java.util.List;
import java.util.Map;

import org.apache.storm.Config;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.IRichSpout;
import org.apache.storm.topology.TopologyBuilder;

/**
 * The topology every source is measured in: its spout, then a {@link CountingNullBolt}, shuffle
 * grouped, without ackers, so the figure is the source's ingestion and nothing else.
 *
 * @param spoutTasks parallelism of the spout (and partitions of a Kafka topic)
 * @param boltTasks parallelism of the null bolt
 * @param workers worker slots of the topology
 * @param batchSize Storm's {@code topology.producer.batch.size} and {@code
 *     topology.transfer.batch.size}: tuples an executor collects before it hands them on
 *     (Storm's default, 1, hands on each at once; larger trades latency for throughput)
 */
record TopologyShape(int spoutTasks, int boltTasks, int workers, int batchSize) {
    static final String SPOUT = "source";
    static final String BOLT = "null-sink";

    TopologyShape {
        if (spoutTasks < 1 || boltTasks < 1 || workers < 1 || batchSize < 1) {
            throw new IllegalArgumentException("need at least one spout task, bolt task,"
                    + " worker and tuple per batch, not " + spoutTasks + ", " + boltTasks + ", "
                    + workers + ", " + batchSize);
        }
    }

    StormTopology topology(IRichSpout spout, String runId) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout(SPOUT, spout, spoutTasks);
        builder.setBolt(BOLT, new CountingNullBolt(runId), boltTasks).shuffleGrouping(SPOUT);
        return builder.createTopology();
    }

    /**
     * Storm's defaults but for the workers, the batch size, no ackers, and the JOF gauges made
     * readable.
     */
    Config config() {
        Config conf = new Config();
        conf.setNumWorkers(workers);
        conf.setNumAckers(0);
        conf.put(Config.TOPOLOGY_PRODUCER_BATCH_SIZE, batchSize);
        conf.put(Config.TOPOLOGY_TRANSFER_BATCH_SIZE, batchSize);
        conf.put(Config.TOPOLOGY_METRICS_REPORTERS,
                List.of(Map.of("class", JofGaugeReporter.class.getName())));
        return conf;
    }
}
