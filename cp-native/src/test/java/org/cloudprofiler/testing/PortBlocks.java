package org.cloudprofiler.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;

/**
 * Finds blocks of free TCP ports for JOF receivers. Thread-safe. A port is bound only seconds
 * after it was found free (when the spout or source opens), so two test JVMs at once (modules
 * built in parallel, or two builds on one machine) could both pick it: each port this JVM
 * hands out is claimed for the JVM's lifetime by a lock on its byte of one file in the
 * temporary directory, which other JVMs skip. The operating system drops the locks when the
 * JVM exits, however it exits.
 */
public final class PortBlocks {
    private static final int FIRST_PORT = 29_000;
    private static final int END_PORT = 32_000;
    private static final Path CLAIMS =
            Path.of(System.getProperty("java.io.tmpdir"), "cloudprofiler-port-claims");

    /** The ports this JVM claimed, each with its lock; a JVM may hand its own ports out again. */
    private static final Map<Integer, FileLock> CLAIMED = new HashMap<>();
    private static FileChannel claims;

    private PortBlocks() {}

    /**
     * A port p such that p .. p + count − 1 were free just now, below the ephemeral range, and
     * claimed by no other JVM.
     */
    public static synchronized int free(int count) {
        for (int base = FIRST_PORT; base + count <= END_PORT; base += count) {
            if (claimAll(base, count) && allFree(base, count)) {
                return base;
            }
        }
        throw new IllegalStateException(
                "no " + count + " free ports from " + FIRST_PORT + " claimed by no other JVM");
    }

    private static boolean claimAll(int base, int count) {
        for (int port = base; port < base + count; port++) {
            if (!claim(port)) {
                return false;
            }
        }
        return true;
    }

    /** Whether this JVM holds {@code port}'s claim now, taking it if no other JVM holds it. */
    private static boolean claim(int port) {
        if (CLAIMED.containsKey(port)) {
            return true;
        }
        try {
            if (claims == null) {
                claims = FileChannel.open(CLAIMS, StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE);
            }
            FileLock lock = claims.tryLock(port, 1, false);
            if (lock == null) {
                return false;
            }
            CLAIMED.put(port, lock);
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("claiming port " + port + " in " + CLAIMS, e);
        }
    }

    private static boolean allFree(int base, int count) {
        for (int port = base; port < base + count; port++) {
            try {
                new ServerSocket(port).close();
            } catch (IOException taken) {
                return false;
            }
        }
        return true;
    }
}
