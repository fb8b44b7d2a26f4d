package org.cloudprofiler.config.service.internal;

/** Why a datagram was dropped; each reason has its own counter. */
public enum Rejection {
    /** Undecodable: bad magic, version, type, reserved field, length or text. */
    MALFORMED,
    /** Larger than any message of the protocol ({@link ConfigCodec#MAX_DATAGRAM_BYTES}). */
    OVERSIZED,
    /** Carries another token's hash than the receiver's. */
    WRONG_TOKEN
}
