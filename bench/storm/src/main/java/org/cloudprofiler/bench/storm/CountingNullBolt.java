package org.cloudprofiler.bench.storm;

import java.util.Map;

import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Tuple;
import org.cloudprofiler.bench.ingestion.RunTally;

/**
 * The sink of every ingestion topology: counts each tuple into its run's {@link RunTally} and
 * does nothing else (no emit, no ack: the topologies run without ackers).
 */
final class CountingNullBolt extends BaseRichBolt {
    private static final long serialVersionUID = 1L;

    private final String runId;
    private transient RunTally tally;

    CountingNullBolt(String runId) {
        this.runId = runId;
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context,
            OutputCollector collector) {
        tally = RunTally.of(runId);
    }

    @Override
    public void execute(Tuple input) {
        tally.countIngested();
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {}
}
