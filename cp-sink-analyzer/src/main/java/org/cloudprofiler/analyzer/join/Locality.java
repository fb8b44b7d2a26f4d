package org.cloudprofiler.analyzer.join;

/** Where the two ends of a hop sample ran. */
public enum Locality {
    /** Both ends (and, end to end, every event of the tuple) on one node. */
    LOCAL,
    /** The ends on different nodes. */
    REMOTE,
    /** End to end only: both ends on one node, but the tuple passed through another on the way. */
    MIXED
}
