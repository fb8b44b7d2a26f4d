package org.cloudprofiler.it;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * Files the tests on the local cluster make and read: the job jars of users' programs, the
 * cluster's logs, a run's directory left from the last time.
 */
final class ClusterTestFiles {
    private ClusterTestFiles() {}

    /**
     * A job or topology jar of the compiled classes of {@code type}'s package, and nothing else:
     * a user's program as it is, nothing of the profiler in it.
     */
    static Path jarOfPackage(Class<?> type, Path jar) throws Exception {
        Path classes = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path pack = classes.resolve(type.getPackageName().replace('.', '/'));
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file)) {
            for (Path member : filesUnder(pack)) {
                out.putNextEntry(new JarEntry(classes.relativize(member).toString()));
                Files.copy(member, out);
                out.closeEntry();
            }
        }
        return jar;
    }

    /** Every regular file under {@code directory}; none if it does not exist. */
    static List<Path> filesUnder(Path directory) {
        if (!Files.exists(directory)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(directory)) {
            return walk.filter(Files::isRegularFile).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes {@code path} and everything under it, if it exists. */
    static void deleteRecursively(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        List<Path> all;
        try (Stream<Path> walk = Files.walk(path)) {
            all = walk.sorted(Comparator.reverseOrder()).toList();
        }
        for (Path each : all) {
            Files.delete(each);
        }
    }
}
