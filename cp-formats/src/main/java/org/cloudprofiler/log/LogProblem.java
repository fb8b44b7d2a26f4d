package org.cloudprofiler.log;

/**
 * Something wrong with a log file, where it is, and what it means for the data.
 *
 * @param kind what is wrong
 * @param offset byte offset in the file where the problem starts
 * @param length number of bytes concerned (skipped, truncated, ...), 0 where that means nothing
 * @param message a sentence for the user: what is wrong, what was lost, what they can do
 */
public record LogProblem(Kind kind, long offset, long length, String message) {

    /** What is wrong; each kind names the part of the format that failed its check. */
    public enum Kind {
        /** The file has no bytes at all: the writer died before writing its header. */
        EMPTY_FILE,
        /** The file ends inside the header. */
        TRUNCATED_HEADER,
        /** The file does not start with the channel log magic: not a cloudprofiler log. */
        BAD_MAGIC,
        /** A format version this reader does not know. */
        UNSUPPORTED_VERSION,
        /** A header field out of range, or header lengths that do not add up. */
        BAD_HEADER,
        /** The header's checksum does not match its bytes. */
        BAD_HEADER_CRC,
        /** A block header with a field out of range (kind, codec, count, lengths). */
        BAD_BLOCK_HEADER,
        /** A block's checksum does not match its header and payload. */
        BAD_BLOCK_CRC,
        /** A checksummed block whose columns or varints do not decode to its record count. */
        BAD_PAYLOAD,
        /** A checksummed zstd block that does not decompress to its stated size. */
        BAD_COMPRESSION,
        /** A block codec this process cannot decode (e.g. the zstd library failed to load). */
        UNSUPPORTED_CODEC,
        /** Bytes the reader skipped to get from damage to the next valid block or trailer. */
        SKIPPED_BYTES,
        /** The file ends inside a block or trailer: an incomplete last write. */
        TRUNCATED_TAIL,
        /** The file has no trailer: it was not closed cleanly. */
        MISSING_TRAILER,
        /** A trailer whose length or checksum is wrong, or with a field out of range. */
        BAD_TRAILER,
        /** The trailer's record or block totals differ from what the reader found. */
        TRAILER_MISMATCH,
        /** Bytes after the trailer. */
        TRAILING_GARBAGE
    }

    @Override
    public String toString() {
        return kind + " at offset " + offset + (length > 0 ? " (" + length + " bytes)" : "")
                + ": " + message;
    }
}
