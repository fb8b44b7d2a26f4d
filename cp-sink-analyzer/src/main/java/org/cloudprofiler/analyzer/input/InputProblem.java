package org.cloudprofiler.analyzer.input;

import java.io.Serializable;

/**
 * Something wrong with the input that the analysis worked around, and what it cost.
 *
 * @param file the file or directory concerned
 * @param kind a short name: {@code MISSING}, {@code UNREADABLE}, {@code NOT_A_LOG},
 *     {@code UNSUPPORTED_VERSION}, {@code BAD_HEADER}, {@code NODE_MISMATCH},
 *     {@code BAD_TOPOLOGY}, {@code BAD_DROPS}, {@code UNKNOWN_HANDLER}, or a log problem kind
 * @param message a sentence for the user: what is wrong and what was skipped
 */
public record InputProblem(String file, String kind, String message) implements Serializable {

    private static final long serialVersionUID = 1L;

    @Override
    public String toString() {
        return file + ": " + message;
    }
}
