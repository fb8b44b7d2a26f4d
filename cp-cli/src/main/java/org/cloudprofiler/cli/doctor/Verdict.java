package org.cloudprofiler.cli.doctor;

/** How a doctor check judged what it found. */
public enum Verdict {
    /** Nothing to do. */
    OK,
    /** Profiling works, but less precisely, more slowly or with a feature missing. */
    WARN,
    /** Profiling results on this machine would be wrong; {@code doctor} exits with 1. */
    FAIL
}
