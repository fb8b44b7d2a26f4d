package org.cloudprofiler.sync.translate;

/**
 * Which way a duration between two timestamps was brought onto the reference clock R, as in the
 * table of docs/design.md, "Clock sync and the CP translation".
 */
public enum TranslationPath {
    /** Both timestamps are R's own: no translation, bound 0. */
    SAME_NODE_REFERENCE,
    /** Both timestamps are of one other node B: B's duration scaled by the rate of B to R. */
    SAME_NODE,
    /** One timestamp is R's, the other is translated from its node to R. */
    REFERENCE_AND_OTHER,
    /**
     * Two other nodes B and C: one timestamp translated onto the other's node through the pair's
     * own sync, then the duration scaled to R.
     */
    PAIR_DIRECT,
    /** Two other nodes: both timestamps translated to R, then subtracted. */
    BASELINE
}
