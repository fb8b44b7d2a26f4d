package org.cloudprofiler.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Following a growing file: {@link LogReader#openAt} resumes at {@link LogReader#intactEnd}. */
class LogReaderOpenAtTest {

    @TempDir
    Path directory;

    @Test
    void resumesAfterTheLastIntactBlockAndSeesWhatWasAppended() throws Exception {
        LogFileBuilder builder = new LogFileBuilder().block(new long[] {1, 2}, new long[] {10, 20});
        Path file = directory.resolve("grow.cplog");
        byte[] first = builder.build();
        // A writer in the middle of its next block: half of it is on disk.
        byte[] whole = builder.block(new long[] {3}, new long[] {30}).build();
        Files.write(file, Arrays.copyOf(whole, first.length + 10));

        long resume;
        try (LogReader reader = LogReader.open(file)) {
            assertEquals(2, reader.nextBlock().recordCount());
            assertNull(reader.nextBlock());
            resume = reader.intactEnd();
        }
        assertEquals(first.length, resume);

        Files.write(file, Arrays.copyOfRange(whole, first.length + 10, whole.length),
                StandardOpenOption.APPEND);
        try (LogReader reader = LogReader.openAt(file, resume)) {
            RecordBlock block = reader.nextBlock();
            assertNotNull(block);
            assertEquals(3, block.value(0, 0));
            assertEquals(whole.length, reader.intactEnd());
            assertNull(reader.nextBlock());
        }
    }
}
