package org.cloudprofiler.analyzer.input;

import java.io.Serializable;
import java.util.Map;

/**
 * Counts from outside the channel logs, read from a {@code drops.json} (docs/analyzer-output.md):
 * what a JOF (with its generator's senders) received and lost before the engine.
 *
 * @param file the file they came from
 * @param name what counted them, e.g. {@code jof events/3}
 * @param node the node it ran on, or null
 * @param dropped tuples it lost
 * @param counts its other counters, by name
 */
public record ExternalDrops(String file, String name, String node, long dropped,
        Map<String, Long> counts) implements Serializable {

    private static final long serialVersionUID = 1L;

    public ExternalDrops {
        counts = Map.copyOf(counts);
    }
}
