package org.cloudprofiler.bench.storm;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.storm.Config;
import org.apache.storm.generated.InvalidTopologyException;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.nimbus.DefaultTopologyValidator;
import org.apache.storm.nimbus.ITopologyValidator;
import org.cloudprofiler.examples.sentences.SentenceWordCountTopology;
import org.cloudprofiler.examples.ysb.YsbTopology;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.storm.ProfilingTopologyValidator;
import org.cloudprofiler.storm.jof.JofSpout;
import org.cloudprofiler.storm.jof.JofSpoutConfig;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What profiling by configuration costs Nimbus per submission: {@code validate} of
 * {@link ProfilingTopologyValidator} (Storm's default validator, then the wrapping of every
 * component and the pill wiring) against Storm's {@link DefaultTopologyValidator} alone, which a
 * Nimbus not configured to profile runs. On the YSB (7 components, built with Storm's own
 * builder, its JofSpout and the join table of 1,000 ads of seed 3) and the sentence word count
 * (4 components). The validator rewrites the topology it is given, so each call takes a fresh
 * deep copy of the submitted one, in both.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TopologyValidatorBenchmark {
    @Param({"ysb", "word-count"})
    public String topology;

    private final ITopologyValidator unprofiled = new DefaultTopologyValidator();
    private final ITopologyValidator profiling = new ProfilingTopologyValidator();
    private final Map<String, Object> topologyConf = new Config();
    private StormTopology submitted;

    @Setup
    public void setUp() {
        unprofiled.prepare(Map.of());
        profiling.prepare(Map.of());
        submitted = switch (topology) {
            case "ysb" -> YsbTopology.uninstrumented(new JofSpout(JofSpoutConfig
                    .builder("0.0.0.0", 27000).setReceiversPerTask(1).setPayload(Payload.ysb())
                    .build()), 2, 2, Generator.ysbAdCampaigns(3));
            case "word-count" -> SentenceWordCountTopology.plain(2_000, 1);
            default -> throw new IllegalArgumentException("no topology " + topology);
        };
    }

    @Benchmark
    public StormTopology defaultValidator() throws InvalidTopologyException {
        StormTopology copy = submitted.deepCopy();
        unprofiled.validate(topology, topologyConf, copy);
        return copy;
    }

    @Benchmark
    public StormTopology profilingValidator() throws InvalidTopologyException {
        StormTopology copy = submitted.deepCopy();
        profiling.validate(topology, topologyConf, copy);
        return copy;
    }
}
