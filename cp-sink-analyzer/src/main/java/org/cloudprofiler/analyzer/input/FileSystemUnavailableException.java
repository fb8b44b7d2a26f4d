package org.cloudprofiler.analyzer.input;

import java.io.IOException;

/**
 * A log location's filesystem is not available in this JVM (no Flink filesystem or plugin for
 * its scheme); the message names what to add. Nothing at such a location can be read, so the
 * analysis stops rather than reporting each location as missing.
 */
public final class FileSystemUnavailableException extends IOException {

    private static final long serialVersionUID = 1L;

    FileSystemUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
