package org.cloudprofiler;

/** The clock the native core timestamps with, chosen once when the library loads. */
public enum ClockSource {
    /** The TSC read with {@code rdtscp}: x86_64 with an invariant TSC. */
    RDTSCP("rdtscp"),
    /** {@code CLOCK_MONOTONIC_RAW} in ns: every other machine. */
    MONOTONIC_RAW("CLOCK_MONOTONIC_RAW");

    private final String displayName;

    ClockSource(String displayName) {
        this.displayName = displayName;
    }

    /** The name users know the clock by, e.g. {@code rdtscp}. */
    public String displayName() {
        return displayName;
    }

    /** The source with the id the core writes into log headers (0 = rdtscp, 1 = raw). */
    public static ClockSource fromId(int id) {
        ClockSource[] sources = values();
        if (id < 0 || id >= sources.length) {
            throw new IllegalArgumentException("unknown clock source id " + id);
        }
        return sources[id];
    }
}
