package org.cloudprofiler.sync;

import java.util.List;

/**
 * What a transfer sweep produced: a model per directed pair that completed, and a message for
 * every pair that did not.
 */
public record SweepReport(List<TransferModel> models, List<String> problems) {

    public SweepReport {
        models = List.copyOf(models);
        problems = List.copyOf(problems);
    }
}
