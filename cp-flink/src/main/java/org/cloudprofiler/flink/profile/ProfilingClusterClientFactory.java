package org.cloudprofiler.flink.profile;

import org.apache.flink.client.deployment.ClusterClientFactory;
import org.apache.flink.client.deployment.ClusterDescriptor;
import org.apache.flink.client.deployment.ClusterSpecification;
import org.apache.flink.client.deployment.DefaultClusterClientServiceLoader;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;

/**
 * The cluster client of {@code execution.target: cloudprofiler}: that of the target jobs are
 * submitted through ({@code cloudprofiler.execution.target}), so that what finds a cluster by
 * the configured target ({@code flink list}, {@code flink cancel}, {@code flink stop}, the SQL
 * Gateway's job operations) reaches the same cluster the profiled jobs run on. Stateless, so
 * thread-safe.
 */
public final class ProfilingClusterClientFactory implements ClusterClientFactory<Object> {

    @Override
    public boolean isCompatibleWith(Configuration configuration) {
        return CloudProfilerFlinkOptions.TARGET.equalsIgnoreCase(
                configuration.get(DeploymentOptions.TARGET));
    }

    @Override
    public ClusterDescriptor<Object> createClusterDescriptor(Configuration configuration) {
        Configuration delegate = CloudProfilerFlinkOptions.delegateConfiguration(configuration);
        return delegate(delegate).createClusterDescriptor(delegate);
    }

    @Override
    public Object getClusterId(Configuration configuration) {
        Configuration delegate = CloudProfilerFlinkOptions.delegateConfiguration(configuration);
        return delegate(delegate).getClusterId(delegate);
    }

    @Override
    public ClusterSpecification getClusterSpecification(Configuration configuration) {
        Configuration delegate = CloudProfilerFlinkOptions.delegateConfiguration(configuration);
        return delegate(delegate).getClusterSpecification(delegate);
    }

    /** Flink's own factory for the target of {@code delegate}. */
    private static ClusterClientFactory<Object> delegate(Configuration delegate) {
        return new DefaultClusterClientServiceLoader().getClusterClientFactory(delegate);
    }
}
