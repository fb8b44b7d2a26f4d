package org.cloudprofiler.sync.translate;

/** How a {@link ClockMap} is estimated from the exchanges of sync.json. */
public enum TranslationMethod {
    /**
     * The seed paper's: the minimum-round-trip exchange of each phase in which the target node
     * initiated, joined by straight lines ({@link MinRttClockMap}).
     */
    MINRTT,
    /**
     * Every exchange of both directions as a constraint on a linear map; the bound is the exact
     * range over all maps that satisfy them ({@link HullClockMap}). Never looser than
     * {@link #MINRTT}.
     */
    HULL
}
