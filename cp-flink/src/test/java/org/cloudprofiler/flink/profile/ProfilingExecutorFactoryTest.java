package org.cloudprofiler.flink.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.client.deployment.DefaultClusterClientServiceLoader;
import org.apache.flink.client.deployment.StandaloneClusterDescriptor;
import org.apache.flink.client.deployment.StandaloneClusterId;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.core.execution.CacheSupportedPipelineExecutor;
import org.apache.flink.core.execution.DefaultExecutorServiceLoader;
import org.apache.flink.core.execution.PipelineExecutor;
import org.apache.flink.core.execution.PipelineExecutorFactory;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.junit.jupiter.api.Test;

/**
 * {@code execution.target: cloudprofiler} as Flink's own loaders see it: one executor and one
 * cluster client found for it, each Flink's own for the target jobs go through, and a graph
 * rewritten once however many ways ask for it.
 */
class ProfilingExecutorFactoryTest {

    @Test
    void flinksLoaderFindsTheProfilingExecutorForItsTargetAlone() {
        PipelineExecutorFactory factory = new DefaultExecutorServiceLoader()
                .getExecutorFactory(target(CloudProfilerFlinkOptions.TARGET));
        assertInstanceOf(ProfilingExecutorFactory.class, factory);
        assertTrue(new DefaultExecutorServiceLoader().getExecutorNames().toList()
                .contains(CloudProfilerFlinkOptions.TARGET));
        assertFalse(factory.isCompatibleWith(target("remote")));
    }

    @Test
    void aSessionClusterDelegateKeepsTheCachedResultsOfItsExecutor() {
        PipelineExecutor remote = new ProfilingExecutorFactory()
                .getExecutor(target(CloudProfilerFlinkOptions.TARGET));
        assertInstanceOf(CacheSupportedPipelineExecutor.class, remote);

        Configuration local = target(CloudProfilerFlinkOptions.TARGET);
        local.set(CloudProfilerFlinkOptions.EXECUTION_TARGET, "local");
        PipelineExecutor executor = new ProfilingExecutorFactory().getExecutor(local);
        assertFalse(executor instanceof CacheSupportedPipelineExecutor);
    }

    @Test
    void theDelegateTargetCannotBeTheProfilingTargetItself() {
        Configuration loop = target(CloudProfilerFlinkOptions.TARGET);
        loop.set(CloudProfilerFlinkOptions.EXECUTION_TARGET, CloudProfilerFlinkOptions.TARGET);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new ProfilingExecutorFactory().getExecutor(loop));
        assertTrue(refused.getMessage().contains("cloudprofiler.execution.target"),
                refused.getMessage());
    }

    @Test
    void flinksCommandLineFindsTheClusterOfTheDelegateTarget() throws Exception {
        Configuration configuration = target(CloudProfilerFlinkOptions.TARGET);
        var factory = new DefaultClusterClientServiceLoader()
                .getClusterClientFactory(configuration);
        assertInstanceOf(ProfilingClusterClientFactory.class, factory);
        assertEquals(StandaloneClusterId.getInstance(), factory.getClusterId(configuration));
        try (var descriptor = factory.createClusterDescriptor(configuration)) {
            assertInstanceOf(StandaloneClusterDescriptor.class, descriptor);
        }
    }

    @Test
    void aGraphProfiledInCodeIsNotProfiledAgainByTheExecutor() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromSource(new NumberSequenceSource(1, 10), WatermarkStrategy.noWatermarks(),
                "numbers").map(n -> n + 1).sinkTo(new DiscardingSink<>());
        StreamGraph graph = CloudProfilerFlink.profile(env).streamGraph("twice");
        assertTrue(StreamGraphProfiler.isProfiled(graph));
        String factories = factories(graph);

        assertFalse(StreamGraphProfiler.profile(graph, new Configuration(),
                Map.of(), Map.of(), getClass().getClassLoader()));
        assertEquals(factories, factories(graph));
    }

    private static String factories(StreamGraph graph) {
        StringBuilder factories = new StringBuilder();
        for (StreamNode node : graph.getStreamNodes()) {
            factories.append(System.identityHashCode(node.getOperatorFactory())).append(' ');
        }
        return factories.toString();
    }

    private static Configuration target(String target) {
        return new Configuration().set(DeploymentOptions.TARGET, target);
    }
}
