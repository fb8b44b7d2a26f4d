package org.cloudprofiler.analyzer;

/**
 * The REST endpoint of a Flink cluster as {@code --cluster} gives it: {@code host:port}.
 *
 * @param host a host name or address
 * @param port 1 to 65535
 */
record ClusterAddress(String host, int port) {

    /**
     * Parses {@code host:port}.
     *
     * @throws IllegalArgumentException naming the value and the expected form
     */
    static ClusterAddress parse(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        int port = -1;
        if (colon > 0) {
            try {
                port = Integer.parseInt(hostPort.substring(colon + 1));
            } catch (NumberFormatException e) {
                port = -1;
            }
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("--cluster \"" + hostPort + "\" is not host:port."
                    + " Fix: give the host and port of the cluster's REST endpoint, e.g."
                    + " localhost:8081");
        }
        return new ClusterAddress(hostPort.substring(0, colon), port);
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
