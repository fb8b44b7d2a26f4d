package org.cloudprofiler.flink.profile;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.dag.Pipeline;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.CacheSupportedPipelineExecutor;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.PipelineExecutor;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.util.AbstractID;

/**
 * Profiles the stream graph of every job it is given ({@link StreamGraphProfiler#profile}, the
 * rewrite {@code profile(env)} makes), then hands it to the executor of the target jobs are
 * submitted through, with that target in the configuration. Flink makes one executor per
 * submission; it is as thread-safe as the executor it wraps.
 */
class ProfilingExecutor implements PipelineExecutor {
    private final PipelineExecutor delegate;

    ProfilingExecutor(PipelineExecutor delegate) {
        this.delegate = delegate;
    }

    /**
     * {@code delegate} profiling, with the cached intermediate results of
     * {@link CacheSupportedPipelineExecutor} where {@code delegate} has them: Flink asks an
     * executor for them by its type.
     */
    static PipelineExecutor of(PipelineExecutor delegate) {
        return delegate instanceof CacheSupportedPipelineExecutor cacheSupported
                ? new CacheSupporting(cacheSupported) : new ProfilingExecutor(delegate);
    }

    @Override
    public CompletableFuture<JobClient> execute(Pipeline pipeline, Configuration configuration,
            ClassLoader userCodeClassloader) throws Exception {
        if (pipeline instanceof StreamGraph graph) {
            StreamGraphProfiler.profile(graph, configuration, Map.of(), Map.of(),
                    userCodeClassloader);
        }
        return delegate.execute(pipeline,
                CloudProfilerFlinkOptions.delegateConfiguration(configuration),
                userCodeClassloader);
    }

    /** A profiling executor whose delegate keeps cached intermediate results. */
    private static final class CacheSupporting extends ProfilingExecutor
            implements CacheSupportedPipelineExecutor {
        private final CacheSupportedPipelineExecutor delegate;

        CacheSupporting(CacheSupportedPipelineExecutor delegate) {
            super(delegate);
            this.delegate = delegate;
        }

        @Override
        public CompletableFuture<Set<AbstractID>> listCompletedClusterDatasetIds(
                Configuration configuration, ClassLoader userCodeClassloader) throws Exception {
            return delegate.listCompletedClusterDatasetIds(
                    CloudProfilerFlinkOptions.delegateConfiguration(configuration),
                    userCodeClassloader);
        }

        @Override
        public CompletableFuture<Void> invalidateClusterDataset(AbstractID clusterDatasetId,
                Configuration configuration, ClassLoader userCodeClassloader) throws Exception {
            return delegate.invalidateClusterDataset(clusterDatasetId,
                    CloudProfilerFlinkOptions.delegateConfiguration(configuration),
                    userCodeClassloader);
        }
    }
}
