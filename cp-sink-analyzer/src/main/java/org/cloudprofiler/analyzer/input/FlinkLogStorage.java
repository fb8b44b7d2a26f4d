package org.cloudprofiler.analyzer.input;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.UnsupportedFileSystemSchemeException;
import org.cloudprofiler.log.LogReader;

/**
 * Logs on a filesystem of Flink's ({@link FileSystem}), named by URIs: the local disk
 * ({@code file://}), HDFS, object stores, whatever the JVM has a Flink filesystem for.
 */
final class FlinkLogStorage extends LogStorage {

    static final FlinkLogStorage INSTANCE = new FlinkLogStorage();

    /** What makes a scheme readable, for the ones Flink users meet most. */
    private static final Map<String, String> FIXES = Map.of(
            "hdfs", "put flink-hadoop-fs and the Hadoop client (hadoop-client-api and"
                    + " hadoop-client-runtime) on the classpath",
            "s3", "add Flink's flink-s3-fs-hadoop plugin (in plugins/, or on the classpath)",
            "s3a", "add Flink's flink-s3-fs-hadoop plugin (in plugins/, or on the classpath)",
            "s3p", "add Flink's flink-s3-fs-presto plugin (in plugins/, or on the classpath)",
            "gs", "add Flink's flink-gs-fs-hadoop plugin (in plugins/, or on the classpath)",
            "abfs", "add Flink's flink-azure-fs-hadoop plugin (in plugins/, or on the"
                    + " classpath)",
            "abfss", "add Flink's flink-azure-fs-hadoop plugin (in plugins/, or on the"
                    + " classpath)",
            "oss", "add Flink's flink-oss-fs-hadoop plugin (in plugins/, or on the classpath)");

    private FlinkLogStorage() {}

    @Override
    public Entry entry(String location) throws IOException {
        Path path = new Path(location);
        FileSystem fileSystem = fileSystem(path);
        if (!fileSystem.exists(path)) {
            return Entry.MISSING;
        }
        return fileSystem.getFileStatus(path).isDir() ? Entry.DIRECTORY : Entry.FILE;
    }

    @Override
    public List<String> files(String directory) throws IOException {
        Path path = new Path(directory);
        List<String> files = new ArrayList<>();
        addFiles(fileSystem(path), path, files);
        return files.stream().sorted().toList();
    }

    private static void addFiles(FileSystem fileSystem, Path directory, List<String> files)
            throws IOException {
        FileStatus[] statuses = fileSystem.listStatus(directory);
        if (statuses == null) {
            return; // gone since it was listed
        }
        for (FileStatus status : statuses) {
            if (status.isDir()) {
                addFiles(fileSystem, status.getPath(), files);
            } else {
                files.add(status.getPath().toString());
            }
        }
    }

    @Override
    public LogReader openLog(String file, long resumeOffset) throws IOException {
        Path path = new Path(file);
        FileSystem fileSystem = fileSystem(path);
        long size = fileSystem.getFileStatus(path).getLen();
        FSDataInputStream stream = fileSystem.open(path);
        return LogReader.openAt(file, new FlinkFileBytes(stream, size), resumeOffset);
    }

    @Override
    public InputStream open(String file) throws IOException {
        Path path = new Path(file);
        return fileSystem(path).open(path);
    }

    @Override
    public String absolutePath(String file) {
        return new Path(file).toUri().getPath();
    }

    /**
     * The filesystem of {@code path}.
     *
     * @throws FileSystemUnavailableException if this JVM has none for its scheme
     */
    private static FileSystem fileSystem(Path path) throws IOException {
        URI uri = path.toUri();
        try {
            return path.getFileSystem();
        } catch (UnsupportedFileSystemSchemeException e) {
            String fix = FIXES.getOrDefault(uri.getScheme(), "add the Flink filesystem plugin"
                    + " for it (in plugins/, or on the classpath)");
            throw new FileSystemUnavailableException("no filesystem for \""
                    + uri.getScheme() + "://\" here, so " + path + " cannot be read. Fix: "
                    + fix + "; with --cluster, the task managers need it too (docs/cluster.md)",
                    e);
        }
    }
}
