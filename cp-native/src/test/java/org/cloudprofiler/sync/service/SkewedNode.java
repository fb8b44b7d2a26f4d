package org.cloudprofiler.sync.service;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;

/**
 * A node of the ground-truth test: its id, its test clock ({@code CP_TEST_CLOCK}) and the reply
 * delay of its sync agent ({@code CP_TEST_SYNC_DELAY_NS}).
 *
 * @param id node id
 * @param partsPerBillion clock skew, parts per billion
 * @param offsetTicks clock offset, ticks
 * @param forwardDelayNs how long its agent waits before reading its clock for a ping
 */
record SkewedNode(String id, long partsPerBillion, long offsetTicks, long forwardDelayNs) {

    /** The environment of every process of this node. */
    Map<String, String> environment(String logDirectory) {
        Map<String, String> environment = new HashMap<>();
        environment.put("CP_NODE_ID", id);
        environment.put("CP_LOG_DIR", logDirectory);
        environment.put("CP_TEST_CLOCK", partsPerBillion / 1000 + "."
                + String.format("%03d", Math.abs(partsPerBillion % 1000)) + ":" + offsetTicks);
        if (partsPerBillion < 0 && partsPerBillion > -1000) {
            environment.put("CP_TEST_CLOCK", "-0." + String.format("%03d", -partsPerBillion)
                    + ":" + offsetTicks);
        }
        environment.put("CP_TEST_SYNC_DELAY_NS", forwardDelayNs + ":0");
        return environment;
    }

    /** This node's clock reading at raw TSC {@code raw}, exactly as the library computes it. */
    long clockAt(long raw) {
        BigInteger[] division = BigInteger.valueOf(raw)
                .multiply(BigInteger.valueOf(partsPerBillion))
                .divideAndRemainder(BigInteger.valueOf(1_000_000_000L));
        BigInteger floor = division[1].signum() < 0
                ? division[0].subtract(BigInteger.ONE) : division[0];
        return raw + floor.longValueExact() + offsetTicks;
    }
}
