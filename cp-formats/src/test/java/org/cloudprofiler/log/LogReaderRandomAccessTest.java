package org.cloudprofiler.log;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link LogReader#openAt(String, RandomAccessBytes, long)}: a log of another filesystem, whose
 * reads may each return fewer bytes than asked (as a network stream does), reads as the same
 * bytes in memory do, damage included.
 */
class LogReaderRandomAccessTest {

    /** At most {@code chunk} bytes per read, counting the closes. */
    private static final class ShortReads implements RandomAccessBytes {
        private final byte[] bytes;
        private final int chunk;
        private int closes;

        ShortReads(byte[] bytes, int chunk) {
            this.bytes = bytes;
            this.chunk = chunk;
        }

        @Override
        public long size() {
            return bytes.length;
        }

        @Override
        public int read(long position, byte[] destination, int offset, int length) {
            if (position >= bytes.length) {
                return -1;
            }
            int count = (int) Math.min(Math.min(length, chunk), bytes.length - position);
            System.arraycopy(bytes, (int) position, destination, offset, count);
            return count;
        }

        @Override
        public void close() {
            closes++;
        }
    }

    private static byte[] damagedFile(LogFileBuilder builder) {
        for (int block = 0; block < 6; block++) {
            builder.block(block % 2 == 0 ? LogFileBuilder.RAW : LogFileBuilder.ZSTD,
                    new long[][] {{block, block + 1, block + 2}, {10L * block, 10L * block + 1,
                        10L * block + 2}});
        }
        byte[] file = builder.build();
        file[builder.blockOffset(3) + 30] ^= 1;
        return file;
    }

    @Test
    void shortReadsGiveTheBlocksAndProblemsOfTheSameBytesInMemory() throws IOException {
        LogFileBuilder builder = new LogFileBuilder();
        byte[] file = damagedFile(builder);
        ReadResult memory = ReadResult.of(file);
        ShortReads bytes = new ShortReads(file, 7);

        List<Long> values = new ArrayList<>();
        try (LogReader reader = LogReader.openAt("remote.cplog", bytes, 0)) {
            for (RecordBlock block = reader.nextBlock(); block != null;
                    block = reader.nextBlock()) {
                for (int i = 0; i < block.recordCount(); i++) {
                    values.add(block.value(0, i));
                }
            }
            assertEquals(memory.summary().problems(), reader.summary().problems());
            assertTrue(reader.summary().problems().size() > 0, "the damage is reported");
        }
        assertArrayEquals(memory.column(0), values.stream().mapToLong(v -> v).toArray());
        assertEquals(1, bytes.closes);
    }

    @Test
    void resumesAtAnOffsetOfAnEarlierReader() throws IOException {
        LogFileBuilder builder = new LogFileBuilder();
        byte[] file = damagedFile(builder);
        try (LogReader reader = LogReader.openAt("remote.cplog", new ShortReads(file, 5),
                builder.blockOffset(4))) {
            assertEquals(4, reader.nextBlock().value(0, 0));
            assertEquals(5, reader.nextBlock().value(0, 0));
        }
    }
}
