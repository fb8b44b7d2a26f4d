package org.cloudprofiler.analyzer.input;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.regex.Pattern;
import org.cloudprofiler.log.LogReader;

/**
 * Where a log set's files are: a plain path names the local disk, read as it always was; a URI
 * ({@code file://}, {@code hdfs://}, {@code s3://}, ...) names a filesystem of Flink's, so the
 * client that plans the analysis and the task managers that read the logs find them on shared
 * storage. Files are named by strings (paths or URIs) so that splits and channels carry them to
 * the task managers as they are. Thread-safe.
 */
public abstract class LogStorage {

    /** A scheme of two letters or more: {@code C:\logs} stays a path. */
    private static final Pattern URI = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]+:/.*");

    /** What a location names. */
    public enum Entry { MISSING, DIRECTORY, FILE }

    /** The storage of {@code location}, a path or a URI. */
    public static LogStorage of(String location) {
        return URI.matcher(location).matches() ? FlinkLogStorage.INSTANCE
                : LocalLogStorage.INSTANCE;
    }

    /**
     * What {@code location} is.
     *
     * @throws FileSystemUnavailableException if its filesystem is not available here
     * @throws IOException if it cannot be looked at
     */
    public abstract Entry entry(String location) throws IOException;

    /** Every regular file under {@code directory}, at any depth, sorted by name. */
    public abstract List<String> files(String directory) throws IOException;

    /** Opens the log {@code file} to read it from {@code resumeOffset} (0: all of it). */
    public abstract LogReader openLog(String file, long resumeOffset) throws IOException;

    /** Opens {@code file} to read it whole; the caller closes the stream. */
    public abstract InputStream open(String file) throws IOException;

    /**
     * The absolute path of {@code file} within its filesystem, its names separated by
     * {@code /}: what tells which node's directory a log lies in.
     */
    public abstract String absolutePath(String file);

    /** The last name of {@code file}'s path. */
    public static String fileName(String file) {
        String path = file.endsWith("/") ? file.substring(0, file.length() - 1) : file;
        return path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
    }
}
