package org.cloudprofiler.sync;

import java.util.List;

/**
 * Everything one sync server measured: the contents of {@code sync.json}
 * (docs/sync-format.md).
 *
 * @param schemaVersion {@link #SCHEMA_VERSION} for files this version writes, or
 *     {@link #FIRST_SCHEMA_VERSION} for a file of the first schema read back
 * @param authentication whether the session's datagrams were authenticated;
 *     {@link SyncAuthentication#UNRECORDED} exactly for the first schema, which does not say
 * @param nodes every node that registered
 * @param phases in the order they ran
 * @param transferModels per directed pair, only when a transfer sweep was requested
 */
public record SyncData(int schemaVersion, SyncAuthentication authentication,
        List<SyncNode> nodes, List<SyncPhase> phases, List<TransferModel> transferModels) {

    /** The schema this version writes: the first one with {@code authentication}. */
    public static final int SCHEMA_VERSION = 2;
    /** The schema before {@code authentication}, still read. */
    public static final int FIRST_SCHEMA_VERSION = 1;

    public SyncData {
        if (schemaVersion != SCHEMA_VERSION && schemaVersion != FIRST_SCHEMA_VERSION) {
            throw new IllegalArgumentException("schema version " + schemaVersion);
        }
        if ((schemaVersion == FIRST_SCHEMA_VERSION)
                != (authentication == SyncAuthentication.UNRECORDED)) {
            throw new IllegalArgumentException("schema version " + schemaVersion + " with"
                    + " authentication " + authentication + ": only schema "
                    + FIRST_SCHEMA_VERSION + " leaves it unrecorded");
        }
        nodes = List.copyOf(nodes);
        phases = List.copyOf(phases);
        transferModels = List.copyOf(transferModels);
    }
}
