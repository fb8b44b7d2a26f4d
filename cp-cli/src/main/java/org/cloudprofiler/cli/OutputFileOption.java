package org.cloudprofiler.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Checks an option naming a file the command will write before the command starts its work, so
 * that a wrong path fails at once rather than after a run whose results it then cannot keep.
 */
final class OutputFileOption {

    private OutputFileOption() {}

    /**
     * @param option the option's name, for the message
     * @param file the file the command will create or overwrite
     * @throws ParameterException if the file's directory does not exist or cannot be written
     */
    static void requireWritable(CommandSpec spec, String option, Path file) {
        Path directory = file.toAbsolutePath().getParent();
        if (directory == null || !Files.isDirectory(directory)
                || !Files.isWritable(directory) || Files.isDirectory(file)) {
            throw new ParameterException(spec.commandLine(), option + " " + file + ": cannot be"
                    + " written; give a file in a directory that exists and can be written");
        }
    }
}
