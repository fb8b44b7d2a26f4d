package org.cloudprofiler.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The shared secret of the sync and configuration protocols, which every datagram's MAC is keyed
 * from (docs/sync-protocol.md, docs/config-protocol.md): from {@code --token-file}, the
 * environment variable {@value #ENVIRONMENT_VARIABLE} or {@code --token}, so that it need not
 * show in {@code ps}. A service bound off loopback refuses to start without one unless
 * {@code --insecure} says that anyone who can reach its port may steer it.
 */
final class SharedSecretOptions {
    static final String ENVIRONMENT_VARIABLE = "CLOUDPROFILER_TOKEN";

    @Option(names = "--token", paramLabel = "<secret>", description = "The shared secret (shows"
            + " in ps: prefer --token-file or " + ENVIRONMENT_VARIABLE + ").")
    String token;

    @Option(names = "--token-file", paramLabel = "<file>", description = "A file holding the"
            + " shared secret (its first line).")
    Path tokenFile;

    @Option(names = "--insecure", description = "Run off loopback without a secret: anyone who"
            + " can reach the port can steer the session.")
    boolean insecure;

    /**
     * The secret, {@code ""} for none; a service bound to {@code bindHost} (or talking to it)
     * needs one unless that is a loopback address or {@code --insecure} is given.
     *
     * @param what the service, for the messages, e.g. "the sync server"
     * @throws ParameterException naming the fix when a secret is missing or unreadable
     */
    String secretFor(CommandSpec spec, String bindHost, String what) {
        return secretFor(spec, bindHost, what, "at " + bindHost);
    }

    /**
     * As {@link #secretFor(CommandSpec, String, String)}, {@code where} saying where the service
     * is reachable, e.g. "on the network of its server 10.0.0.1" for an agent bound to the
     * address that routes there.
     */
    String secretFor(CommandSpec spec, String bindHost, String what, String where) {
        String secret = secret(spec);
        if (!secret.isEmpty()) {
            if (insecure) {
                throw new ParameterException(spec.commandLine(), "--insecure and a secret"
                        + " contradict each other: give one");
            }
            return secret;
        }
        if (isLoopback(bindHost)) {
            return "";
        }
        if (!insecure) {
            throw new ParameterException(spec.commandLine(), what + " would be reachable "
                    + where + " without a secret: give one with --token-file <file> (or "
                    + ENVIRONMENT_VARIABLE + "), the same on every node, or --insecure to let"
                    + " anyone who can reach the port steer it");
        }
        System.err.println("WARNING: " + what + " runs " + where + " without a secret"
                + " (--insecure): anyone who can reach its port can steer it");
        return "";
    }

    /** The secret from whichever source gives one, {@code ""} for none; never two sources. */
    String secret(CommandSpec spec) {
        String environment = System.getenv(ENVIRONMENT_VARIABLE);
        int sources = (token != null ? 1 : 0) + (tokenFile != null ? 1 : 0)
                + (environment != null && !environment.isEmpty() ? 1 : 0);
        if (sources > 1) {
            throw new ParameterException(spec.commandLine(), "the secret comes from more than one"
                    + " of --token, --token-file and " + ENVIRONMENT_VARIABLE + ": give one");
        }
        if (tokenFile != null) {
            try {
                String text = Files.readString(tokenFile, StandardCharsets.UTF_8);
                int end = text.indexOf('\n');
                String secret = (end < 0 ? text : text.substring(0, end)).strip();
                if (secret.isEmpty()) {
                    throw new ParameterException(spec.commandLine(), "--token-file " + tokenFile
                            + " is empty: write the secret on its first line");
                }
                return secret;
            } catch (IOException e) {
                throw new ParameterException(spec.commandLine(), "--token-file " + tokenFile
                        + ": cannot be read (" + e.getMessage() + ")");
            }
        }
        if (token != null) {
            return token;
        }
        return environment == null ? "" : environment;
    }

    private static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;  // the service reports the name itself
        }
    }
}
