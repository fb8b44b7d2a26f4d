package org.cloudprofiler.config.service;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import org.cloudprofiler.config.CpOption;
import org.cloudprofiler.config.HandlerRule;
import org.cloudprofiler.config.HandlerRules;

/**
 * The file the configuration server takes its rules from and writes changes back to: rules in
 * the syntax of {@code cloudprofiler.handlers}, separated by newlines or commas. Polled, not
 * watched through the kernel, so that editors that replace the file and network file systems
 * behave alike. Used by the server's thread only.
 */
final class RulesFile {
    private final Path path;
    private final CpOption source;
    private byte[] lastSeen = new byte[0];

    RulesFile(Path path) {
        this.path = path;
        this.source = new CpOption("rules file " + path, "",
                "Rules of the configuration server, as cloudprofiler.handlers takes them.");
    }

    Path path() {
        return path;
    }

    /**
     * The file's rules if its content changed since the last call (a missing file counts as
     * empty), else {@code null}.
     *
     * @throws org.cloudprofiler.config.CpConfigException for a rule that does not parse, once
     *     per version of the file
     * @throws IOException if the file exists but cannot be read
     */
    List<HandlerRule> readIfChanged() throws IOException {
        byte[] content;
        try {
            content = Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
            content = new byte[0];
        }
        if (Arrays.equals(content, lastSeen)) {
            return null;
        }
        lastSeen = content;
        return HandlerRules.parseList(source, new String(content, StandardCharsets.UTF_8));
    }

    /** Replaces the file with {@code rules}, atomically, so a reader never sees half of it. */
    void write(ServerRules rules) throws IOException {
        byte[] content = rules.text().getBytes(StandardCharsets.UTF_8);
        Path temporary = path.resolveSibling(path.getFileName() + ".writing");
        Files.write(temporary, content);
        Files.move(temporary, path, StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
        lastSeen = content;
    }
}
