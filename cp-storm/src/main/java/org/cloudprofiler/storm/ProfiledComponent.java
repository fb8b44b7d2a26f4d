package org.cloudprofiler.storm;

import java.util.Map;
import java.util.Objects;

import org.apache.storm.topology.IComponent;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.cloudprofiler.storm.pill.PillStream;

/**
 * What profiled spouts and bolts share: the user's component, whose streams and configuration
 * they declare as their own, plus the pill stream. Storm calls these methods while building and
 * submitting the topology, from one thread.
 *
 * @param <C> the kind of component wrapped
 */
abstract class ProfiledComponent<C extends IComponent> implements IComponent {
    private static final long serialVersionUID = 1L;

    private final C delegate;

    ProfiledComponent(C delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** The user's component. */
    public C delegate() {
        return delegate;
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        delegate.declareOutputFields(declarer);
        PillStream.declare(declarer);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return delegate.getComponentConfiguration();
    }
}
