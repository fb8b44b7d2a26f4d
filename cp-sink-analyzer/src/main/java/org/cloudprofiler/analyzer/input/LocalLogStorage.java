package org.cloudprofiler.analyzer.input;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.cloudprofiler.log.LogReader;

/** Logs on the local disk, named by plain paths; files keep the spelling they were found by. */
final class LocalLogStorage extends LogStorage {

    static final LocalLogStorage INSTANCE = new LocalLogStorage();

    private LocalLogStorage() {}

    @Override
    public Entry entry(String location) {
        Path path = Path.of(location);
        if (!Files.exists(path)) {
            return Entry.MISSING;
        }
        return Files.isDirectory(path) ? Entry.DIRECTORY : Entry.FILE;
    }

    @Override
    public List<String> files(String directory) throws IOException {
        try (Stream<Path> files = Files.walk(Path.of(directory))) {
            return files.filter(Files::isRegularFile).sorted().map(Path::toString).toList();
        }
    }

    @Override
    public LogReader openLog(String file, long resumeOffset) throws IOException {
        return LogReader.openAt(Path.of(file), resumeOffset);
    }

    @Override
    public InputStream open(String file) throws IOException {
        return Files.newInputStream(Path.of(file));
    }

    @Override
    public String absolutePath(String file) {
        return Path.of(file).toAbsolutePath().toString().replace(File.separatorChar, '/');
    }
}
