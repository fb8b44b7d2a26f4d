package org.cloudprofiler.config;

import java.net.InetSocketAddress;

/**
 * A server's address as users write it, {@code host:port}. Immutable.
 *
 * @param host a host name or IPv4 address
 * @param port 1 to 65535
 */
public record ServerAddress(String host, int port) {

    /**
     * Parses {@code host:port}.
     *
     * @param source what the error names: the key or the option the text came from
     * @throws CpConfigException naming {@code source}, the text and an example
     */
    public static ServerAddress parse(CpOption source, String text) {
        String trimmed = text.trim();
        int colon = trimmed.lastIndexOf(':');
        Long port = colon <= 0 ? null : ConfigValues.longOrNull(trimmed.substring(colon + 1));
        if (port == null || port < 1 || port > 65_535) {
            throw new CpConfigException(source, text,
                    "write host:port with a port from 1 to 65535, e.g. 10.0.0.1:7712.");
        }
        return new ServerAddress(trimmed.substring(0, colon), port.intValue());
    }

    /** The address, resolved now. */
    public InetSocketAddress resolve() {
        return new InetSocketAddress(host, port);
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
