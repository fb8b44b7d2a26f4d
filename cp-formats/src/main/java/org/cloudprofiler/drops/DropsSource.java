package org.cloudprofiler.drops;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One source of a {@code drops.json}: something that lost tuples before the engine saw them.
 *
 * @param name what lost them, e.g. {@code jof events/3}
 * @param node the node it ran on, or null if not known
 * @param dropped the tuples it lost, all causes together
 * @param counts its own counts by name, in the order written; the analyzer prints them as they are
 */
public record DropsSource(String name, String node, long dropped, Map<String, Long> counts) {

    public DropsSource {
        Objects.requireNonNull(name, "name");
        counts = Collections.unmodifiableMap(new LinkedHashMap<>(counts));
    }
}
