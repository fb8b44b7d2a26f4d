package org.cloudprofiler.flink.profile;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.core.execution.DefaultExecutorServiceLoader;
import org.apache.flink.core.execution.PipelineExecutor;
import org.apache.flink.core.execution.PipelineExecutorFactory;

/**
 * The executor of {@code execution.target: cloudprofiler} ({@code flink run -t cloudprofiler}):
 * profiles every job submitted through it, then submits it through the executor Flink's own
 * loader finds for {@code cloudprofiler.execution.target} (default {@code remote}). Flink finds
 * this factory through {@code META-INF/services}, as it finds its own; the job's code is not
 * touched. Stateless, so thread-safe.
 */
public final class ProfilingExecutorFactory implements PipelineExecutorFactory {

    @Override
    public String getName() {
        return CloudProfilerFlinkOptions.TARGET;
    }

    @Override
    public boolean isCompatibleWith(Configuration configuration) {
        return CloudProfilerFlinkOptions.TARGET.equalsIgnoreCase(
                configuration.get(DeploymentOptions.TARGET));
    }

    @Override
    public PipelineExecutor getExecutor(Configuration configuration) {
        Configuration delegate = CloudProfilerFlinkOptions.delegateConfiguration(configuration);
        PipelineExecutor executor = new DefaultExecutorServiceLoader().getExecutorFactory(delegate)
                .getExecutor(delegate);
        return ProfilingExecutor.of(executor);
    }
}
