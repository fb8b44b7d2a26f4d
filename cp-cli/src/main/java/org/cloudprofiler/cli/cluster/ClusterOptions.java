package org.cloudprofiler.cli.cluster;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

import picocli.CommandLine.Option;

/** The options every {@code cluster} subcommand shares: which cluster, built from where. */
final class ClusterOptions {
    @Option(names = "--dir", description = "The cluster's directory: its state, configuration,"
            + " process logs and profiling logs (default: ${DEFAULT-VALUE}).")
    Path directory = Path.of("cloudprofiler-cluster");

    @Option(names = "--repository", description = "The checkout whose build the cluster starts"
            + " from: the engines' jar lists in engines/*/target (default: the one this"
            + " cloudprofiler.jar was built in, else the current directory).")
    Path repository;

    /** The checkout: --repository, else the one around cp-cli/target where this class is. */
    Path repository() {
        if (repository != null) {
            return repository;
        }
        try {
            Path location = Path.of(ClusterOptions.class.getProtectionDomain().getCodeSource()
                    .getLocation().toURI());
            // cp-cli/target/cloudprofiler.jar, or cp-cli/target/classes in the build.
            Path checkout = location;
            for (int up = 0; up < 3 && checkout != null; up++) {
                checkout = checkout.getParent();
            }
            if (checkout != null && Files.isDirectory(checkout.resolve("engines"))) {
                return checkout;
            }
        } catch (URISyntaxException | SecurityException notFromFile) {
            // Not loaded from a file: the current directory then.
        }
        return Path.of("").toAbsolutePath();
    }
}
