package org.cloudprofiler.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;

/** Free UDP ports for the return-trip handlers, for tests. */
public final class UdpPorts {
    private UdpPorts() {}

    /** A loopback UDP port that was free a moment ago (the kernel's pick, released at once). */
    public static int free() {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
