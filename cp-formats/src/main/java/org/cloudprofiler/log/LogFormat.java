package org.cloudprofiler.log;

/** How a channel's blocks are stored in its log file. Ids match the log format's codec byte. */
public enum LogFormat {
    /** Delta-encoded varint columns, uncompressed: cheapest to write. */
    RAW(0),
    /** The same columns compressed with zstd: about 1-2 bytes per record for steady ids. */
    ZSTD(1);

    private final int id;

    LogFormat(int id) {
        this.id = id;
    }

    /** The codec byte of the log format. */
    public int id() {
        return id;
    }

    /** The format with this codec byte, or {@code null} if unknown. */
    public static LogFormat fromId(int id) {
        for (LogFormat format : values()) {
            if (format.id == id) {
                return format;
            }
        }
        return null;
    }
}
