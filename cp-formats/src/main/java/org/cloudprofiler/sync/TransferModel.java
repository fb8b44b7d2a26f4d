package org.cloudprofiler.sync;

import java.util.List;

/**
 * The network transfer-time model of one directed pair: the sweep's samples and two fits.
 *
 * @param from the sending node
 * @param to the receiving node
 * @param samples one per payload size, ascending
 * @param quadratic {@code t = p + q·size + r·size²}
 * @param linear {@code t = p + q·size}, for comparison
 */
public record TransferModel(String from, String to, List<TransferSample> samples,
        TransferFit quadratic, TransferFit linear) {

    public TransferModel {
        samples = List.copyOf(samples);
    }
}
