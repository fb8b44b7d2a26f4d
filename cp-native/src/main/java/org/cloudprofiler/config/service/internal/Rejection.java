package org.cloudprofiler.config.service.internal;

/** Why a datagram was dropped; each reason has its own counter. */
public enum Rejection {
    /** Undecodable: bad magic, type, reserved field, length or text. */
    MALFORMED,
    /** Larger than any message of the protocol ({@link ConfigCodec#MAX_DATAGRAM_BYTES}). */
    OVERSIZED,
    /** Of another protocol version: a client or server of another cloudprofiler release. */
    WRONG_VERSION,
    /** Its MAC does not verify: another secret, or altered on the way. */
    UNAUTHENTICATED
}
