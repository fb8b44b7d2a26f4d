package org.cloudprofiler.examples.wordcount;

/**
 * How often a word occurred, and the sum of the offsets of the records it occurred in: two
 * runs that saw the same records under the same offsets have equal tallies.
 */
public record WordTally(long count, long offsetSum) {

    /** This tally and {@code other}'s added up. */
    public WordTally plus(WordTally other) {
        return new WordTally(count + other.count, offsetSum + other.offsetSum);
    }
}
