package org.cloudprofiler.sync;

import java.util.List;

/**
 * Everything one sync server measured: the contents of {@code sync.json}
 * (docs/sync-format.md).
 *
 * @param schemaVersion {@link #SCHEMA_VERSION} for files this version writes
 * @param nodes every node that registered
 * @param phases in the order they ran
 * @param transferModels per directed pair, only when a transfer sweep was requested
 */
public record SyncData(int schemaVersion, List<SyncNode> nodes, List<SyncPhase> phases,
        List<TransferModel> transferModels) {

    public static final int SCHEMA_VERSION = 1;

    public SyncData {
        nodes = List.copyOf(nodes);
        phases = List.copyOf(phases);
        transferModels = List.copyOf(transferModels);
    }
}
