package org.cloudprofiler.storm.lineage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.cloudprofiler.channel.ChannelNames;

/**
 * How many times a Storm task has started on this node in one run, its attempt, which makes the
 * epoch of the ids it mints (docs/design.md, "Minted ids"): Storm restarts a failed task under the
 * same task id, so without it a restarted task would mint its first ids again. Kept in the node's
 * log directory, one small file per task, {@code <component>/<task>/starts}, holding the run's
 * storm id and the count; a new run starts again from 0. Called by the task's own thread when it
 * starts; a task runs once at a time, so the file has one writer.
 */
public final class TaskStarts {

    /** The file's name in the task's directory. */
    public static final String FILE_NAME = "starts";

    private TaskStarts() {}

    /**
     * Counts one more start of task {@code taskId} of {@code componentId} in run {@code stormId}
     * and returns this start's attempt: the starts before it (the minter takes it modulo 32).
     *
     * @param nodeDirectory the node's log directory
     * @throws IOException if the file cannot be read or written
     */
    public static long countStart(Path nodeDirectory, String stormId, String componentId,
            int taskId) throws IOException {
        Path file = nodeDirectory.resolve(ChannelNames.component(componentId))
                .resolve(Integer.toString(taskId)).resolve(FILE_NAME);
        long before = startsBefore(file, stormId);
        Files.createDirectories(file.getParent());
        Path partial = file.resolveSibling(FILE_NAME + ".partial");
        Files.writeString(partial, stormId + " " + (before + 1) + "\n", StandardCharsets.UTF_8);
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
        return before;
    }

    /** The starts {@code file} counts for run {@code stormId}: 0 if none or another run's. */
    private static long startsBefore(Path file, String stormId) throws IOException {
        String content;
        try {
            content = Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (NoSuchFileException e) {
            return 0;
        }
        int space = content.lastIndexOf(' ');
        if (space < 0 || !content.substring(0, space).equals(stormId)) {
            return 0;
        }
        try {
            return Long.parseLong(content.substring(space + 1));
        } catch (NumberFormatException e) {
            throw new IOException(file + " is not a count of starts: " + content
                    + "; delete it", e);
        }
    }
}
