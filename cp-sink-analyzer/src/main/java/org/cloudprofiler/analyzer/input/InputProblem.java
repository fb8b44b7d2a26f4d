package org.cloudprofiler.analyzer.input;

import java.io.Serializable;

/**
 * Something wrong with the input that the analysis worked around, and what it cost.
 *
 * @param file the file or directory concerned
 * @param kind what is wrong; its name is what summary.json shows
 * @param message a sentence for the user: what is wrong and what was skipped
 */
public record InputProblem(String file, Kind kind, String message) implements Serializable {

    private static final long serialVersionUID = 1L;

    /** What is wrong with a file, and whether the analysis left all of it out. */
    public enum Kind {
        /** A path given does not exist. */
        MISSING(true),
        /** A file or directory cannot be read, or reading it stopped. */
        UNREADABLE(true),
        /** A file is not a channel log (its magic number is wrong). */
        NOT_A_LOG(true),
        /** A channel log of a format version this analyzer does not read. */
        UNSUPPORTED_VERSION(true),
        /** A channel log whose header cannot be trusted. */
        BAD_HEADER(true),
        /** A channel log whose handler id this analyzer does not know. */
        UNKNOWN_HANDLER(true),
        /** A channel log whose header names another node than the directory it lies in. */
        NODE_MISMATCH(false),
        /** A topology.json that cannot be used. */
        BAD_TOPOLOGY(false),
        /** A drops.json that cannot be used. */
        BAD_DROPS(false),
        /** Damage inside a channel log, reported by the log reader; the rest is read. */
        LOG(false);

        private final boolean skipsFile;

        Kind(boolean skipsFile) {
            this.skipsFile = skipsFile;
        }

        /** Whether a problem of this kind leaves the whole file out of the analysis. */
        public boolean skipsFile() {
            return skipsFile;
        }
    }

    @Override
    public String toString() {
        return file + ": " + message;
    }
}
