package org.cloudprofiler.config.service;

import java.io.IOException;

/**
 * The configuration server did not answer in time, refused the connection, answered garbage or
 * refused a change; the message says which and the fix.
 */
public final class ConfigServiceException extends IOException {
    private static final long serialVersionUID = 1L;

    ConfigServiceException(String message) {
        super(message);
    }

    ConfigServiceException(String message, Throwable cause) {
        super(message, cause);
    }
}
