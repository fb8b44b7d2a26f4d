package org.cloudprofiler.sync;

import java.io.IOException;

/**
 * A sync.json that does not follow docs/sync-format.md: the message names the file, the JSON
 * path of the offending value, what is wrong with it and how to fix it.
 */
public final class SyncFormatException extends IOException {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final String jsonPath;
    private final String fix;

    /**
     * @param source the file (or other source) read
     * @param jsonPath where in the document, e.g. {@code $.phases[1].pairs[0].min.r}
     * @param problem what is wrong, one sentence without a final full stop
     * @param fix what the user can do about it, one sentence without a final full stop
     */
    public SyncFormatException(String source, String jsonPath, String problem, String fix) {
        this(source, jsonPath, problem, fix, null);
    }

    /** As {@link #SyncFormatException(String, String, String, String)}, keeping the cause. */
    public SyncFormatException(String source, String jsonPath, String problem, String fix,
            Throwable cause) {
        super(source + ": " + jsonPath + ": " + problem + ". Fix: " + fix + ".", cause);
        this.source = source;
        this.jsonPath = jsonPath;
        this.fix = fix;
    }

    /** The file (or other source) that was read. */
    public String source() {
        return source;
    }

    /** The JSON path of the offending value, {@code $} for the whole document. */
    public String jsonPath() {
        return jsonPath;
    }

    /** What the user can do about it. */
    public String fix() {
        return fix;
    }
}
