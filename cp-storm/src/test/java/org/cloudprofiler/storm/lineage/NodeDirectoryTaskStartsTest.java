package org.cloudprofiler.storm.lineage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeDirectoryTaskStartsTest {

    @TempDir
    Path node;

    @Test
    void each_start_of_a_task_in_a_run_is_the_next_attempt() throws IOException {
        assertEquals(0, new NodeDirectoryTaskStarts(node, "wc-1-100").countStart("split", 4));
        assertEquals(1, new NodeDirectoryTaskStarts(node, "wc-1-100").countStart("split", 4));
        assertEquals(2, new NodeDirectoryTaskStarts(node, "wc-1-100").countStart("split", 4));
    }

    @Test
    void tasks_count_their_starts_apart() throws IOException {
        new NodeDirectoryTaskStarts(node, "wc-1-100").countStart("split", 4);

        assertEquals(0, new NodeDirectoryTaskStarts(node, "wc-1-100").countStart("split", 5));
        assertEquals(0, new NodeDirectoryTaskStarts(node, "wc-1-100").countStart("count", 4));
    }

    @Test
    void a_new_run_starts_from_attempt_zero() throws IOException {
        new NodeDirectoryTaskStarts(node, "wc-1-100").countStart("split", 4);
        new NodeDirectoryTaskStarts(node, "wc-1-100").countStart("split", 4);

        assertEquals(0, new NodeDirectoryTaskStarts(node, "wc-2-200").countStart("split", 4));
    }

    @Test
    void starts_are_counted_past_the_thirty_two_epochs() throws IOException {
        for (int start = 0; start < 33; start++) {
            assertEquals(start, new NodeDirectoryTaskStarts(node, "run").countStart("spout", 1));
        }
    }

    @Test
    void a_file_that_is_not_a_count_is_an_error_naming_it() throws IOException {
        Path file = node.resolve("spout/1/" + NodeDirectoryTaskStarts.FILE_NAME);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "run many");

        IOException e = assertThrows(IOException.class,
                () -> new NodeDirectoryTaskStarts(node, "run").countStart("spout", 1));
        assertEquals(file + " is not a count of starts: run many; delete it", e.getMessage());
    }
}
