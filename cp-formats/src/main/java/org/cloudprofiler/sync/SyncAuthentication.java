package org.cloudprofiler.sync;

/**
 * Whether the datagrams of a sync session were authenticated (docs/sync-protocol.md, "Secret,
 * keys and MAC"), as sync.json records it in {@code authentication}: whether its exchanges can
 * have been forged by someone on the network.
 */
public enum SyncAuthentication {
    /** Every datagram carried a MAC under a shared secret: only the run's nodes took part. */
    SECRET("secret"),
    /**
     * No secret, the server on a loopback address: only processes of that host could reach it,
     * and any of them could have taken part.
     */
    LOOPBACK("loopback"),
    /**
     * No secret off loopback ({@code --insecure}): anyone who could reach the sync port could
     * have forged exchanges, and so moved any remote latency, inside or outside its bound.
     */
    INSECURE("insecure"),
    /** A file of schema version 1, which does not say (the value has no name in sync.json). */
    UNRECORDED(null);

    private final String jsonName;

    SyncAuthentication(String jsonName) {
        this.jsonName = jsonName;
    }

    /** The value in sync.json; {@code null} for {@link #UNRECORDED}, which has none. */
    public String jsonName() {
        return jsonName;
    }

    /** The constant written as {@code jsonName}, or {@code null} if none is. */
    static SyncAuthentication ofJsonName(String jsonName) {
        for (SyncAuthentication value : values()) {
            if (value.jsonName != null && value.jsonName.equals(jsonName)) {
                return value;
            }
        }
        return null;
    }
}
