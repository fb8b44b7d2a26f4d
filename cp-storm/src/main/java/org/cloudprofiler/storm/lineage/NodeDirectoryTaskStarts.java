package org.cloudprofiler.storm.lineage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.cloudprofiler.channel.ChannelNames;

/**
 * The starts of a Storm task on this node in one run, counted where the cluster's ZooKeeper
 * cannot be reached ({@link ZooKeeperTaskStarts}): a restart on another node begins again from
 * 0 there, so its ids may repeat the first attempt's. Kept in the node's log directory, one
 * small file per task, {@code <component>/<task>/starts}, holding the run's storm id and the
 * count; a new run starts again from 0. A task runs once at a time on a node, so the file has
 * one writer.
 */
public final class NodeDirectoryTaskStarts implements TaskStarts {

    /** The file's name in the task's directory. */
    public static final String FILE_NAME = "starts";

    private final Path nodeDirectory;
    private final String stormId;

    /**
     * The starts in run {@code stormId} on the node whose log directory is
     * {@code nodeDirectory}.
     */
    public NodeDirectoryTaskStarts(Path nodeDirectory, String stormId) {
        this.nodeDirectory = nodeDirectory;
        this.stormId = stormId;
    }

    /** The starts before this one on this node, in this run. */
    @Override
    public long countStart(String componentId, int taskId) throws IOException {
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
