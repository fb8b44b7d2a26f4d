package org.cloudprofiler.bench.overhead;

import java.time.Duration;

import org.cloudprofiler.generator.search.PassCriteria;
import picocli.CommandLine.Option;

/**
 * The options every profiling overhead benchmark takes (a picocli mixin); the rates' defaults
 * are the engine's, given to the constructor.
 */
public final class OverheadOptions {

    @Option(names = "--rate", description = "Tuples per second of the fixed-rate rounds"
            + " (default ${DEFAULT-VALUE}).")
    long tuplesPerSecond;

    @Option(names = "--seconds", description = "Seconds per run (default ${DEFAULT-VALUE}).")
    int seconds = 10;

    @Option(names = "--rounds", description = "Fixed-rate runs of each variant"
            + " (default ${DEFAULT-VALUE}).")
    int rounds = 3;

    @Option(names = "--search", split = ",", description = "start,max,resolution tuples/s of"
            + " each variant's search (default: ${DEFAULT-VALUE}).")
    long[] search;

    @Option(names = "--no-search", description = "Only the fixed-rate rounds.")
    boolean noSearch;

    @Option(names = "--max-lag-ms", description = "Largest generator lag and drain that pass"
            + " a search run, ms (default ${DEFAULT-VALUE}).")
    long maxLagMs;

    @Option(names = "--seed", description = "YSB seed (default ${DEFAULT-VALUE}).")
    long seed = 1;

    /**
     * @param tuplesPerSecond the fixed rate's default: one every variant sustains with margin
     * @param maxLagMs the default largest lag and drain of a passing search run
     * @param search the default start, max and resolution of each variant's search, tuples/s
     */
    public OverheadOptions(long tuplesPerSecond, long maxLagMs, long... search) {
        this.tuplesPerSecond = tuplesPerSecond;
        this.maxLagMs = maxLagMs;
        this.search = search.clone();
    }

    public long tuplesPerSecond() {
        return tuplesPerSecond;
    }

    public Duration runDuration() {
        return Duration.ofSeconds(seconds);
    }

    public long seed() {
        return seed;
    }

    int rounds() {
        return rounds;
    }

    boolean search() {
        return !noSearch;
    }

    long[] searchRange() {
        return search.clone();
    }

    PassCriteria criteria() {
        return new PassCriteria(PassCriteria.DEFAULT.rateTolerance(), Duration.ofMillis(maxLagMs));
    }
}
