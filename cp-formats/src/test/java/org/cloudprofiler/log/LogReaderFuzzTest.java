package org.cloudprofiler.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Seeded fuzzing of the reader: valid files, mutated in the ways disks, crashes and careless
 * tools damage them, must always be read to a consistent end without an exception, and must
 * never yield a block that was not written. The seed and the input count can be set with
 * {@value #SEED_PROPERTY} and {@value #INPUTS_PROPERTY}; a failing input is written under
 * {@code target/} with the seed and index that reproduce it.
 */
class LogReaderFuzzTest {

    private static final String SEED_PROPERTY = "cloudprofiler.fuzz.seed";
    private static final String INPUTS_PROPERTY = "cloudprofiler.fuzz.inputs";
    private static final long DEFAULT_SEED = 0x5EED_C10D_F11EL;
    private static final int DEFAULT_INPUTS = 120_000;
    /** Every this many inputs, the file reader (tiny random windows) must agree with memory. */
    private static final int DISK_CHECK_EVERY = 40;
    private static final Duration BUDGET = Duration.ofSeconds(150);

    private static final long[] INTERESTING_LENGTHS = {
        0, 1, 2, 3, 4, 23, 24, 25, 111, 112, 113, 1 << 20, (1 << 20) + 1, 64 << 20,
        (64 << 20) + 1, 0x7FFF_FFFFL, 0x8000_0000L, 0xFFFF_FFFFL,
    };
    private static final byte[][] MAGICS = {
        {0x43, 0x50, 0x42, 0x4B}, {0x43, 0x50, 0x54, 0x52}, {0x43, 0x50},
    };

    @TempDir
    Path directory;

    /** A valid file and where its units are. */
    private record Sample(byte[] bytes, int headerLength, int[] blockOffsets, int trailerOffset) {}

    /** A mutated input and whether a mutation recomputed a checksum (forging validity). */
    private record Mutant(byte[] bytes, boolean forged, String description) {}

    private final List<Sample> corpus = new ArrayList<>();
    /** Every block written to the corpus, keyed by a hash of its values. */
    private final Map<Integer, List<long[][]>> writtenBlocks = new HashMap<>();

    @Test
    void readerSurvivesMutatedFiles() {
        long seed = Long.getLong(SEED_PROPERTY, DEFAULT_SEED);
        int inputs = Integer.getInteger(INPUTS_PROPERTY, DEFAULT_INPUTS);
        System.out.printf("LogReaderFuzzTest: seed %d (-D%s=...), %d inputs (-D%s=...)%n",
                seed, SEED_PROPERTY, inputs, INPUTS_PROPERTY);
        assertTimeoutPreemptively(BUDGET, () -> run(seed, inputs));
    }

    private void run(long seed, int inputs) throws IOException {
        Random random = new Random(seed);
        buildCorpus(random);
        long startNs = System.nanoTime();
        long withProblems = 0;
        long blocksRead = 0;
        long slowestNs = 0;
        for (int index = 0; index < inputs; index++) {
            Mutant mutant = mutate(random);
            long inputStartNs = System.nanoTime();
            ReadResult result;
            try {
                result = ReadResult.of(mutant.bytes());
            } catch (Throwable t) {
                throw failure(seed, index, mutant, "threw " + t, t);
            }
            slowestNs = Math.max(slowestNs, System.nanoTime() - inputStartNs);
            try {
                checkConsistent(mutant, result);
                if (index % DISK_CHECK_EVERY == 0) {
                    checkDiskAgrees(mutant, result, 24 + random.nextInt(4096));
                }
            } catch (AssertionError e) {
                throw failure(seed, index, mutant, e.getMessage(), e);
            }
            if (result.summary().hasProblems()) {
                withProblems++;
            }
            blocksRead += result.blocks().size();
        }
        double seconds = (System.nanoTime() - startNs) / 1e9;
        System.out.printf("LogReaderFuzzTest: %d inputs in %.1f s, %d with problems, %d intact"
                + " blocks read, slowest input %.1f ms%n", inputs, seconds, withProblems,
                blocksRead, slowestNs / 1e6);
        assertTrue(withProblems > inputs / 2, "mutations should mostly damage the files");
    }

    private void checkConsistent(Mutant mutant, ReadResult result) {
        LogSummary summary = result.summary();
        long size = mutant.bytes().length;
        assertEquals(size, summary.fileSizeBytes());
        // Every call to nextBlock consumes bytes: a bound on the work, whatever the input.
        assertTrue(result.nextBlockCalls() <= size + 2, "nextBlock calls");
        assertEquals(result.blocks().size(), summary.blockCount());
        assertEquals(result.blocks().stream().mapToLong(RecordBlock::recordCount).sum(),
                summary.recordCount());
        assertTrue(summary.problems().size() <= ProblemLog.MAX_KEPT);
        assertTrue(summary.problemCount() >= summary.problems().size());
        for (LogProblem problem : summary.problems()) {
            assertTrue(problem.offset() >= 0 && problem.length() >= 0
                    && problem.offset() + problem.length() <= size, problem.toString());
            assertTrue(problem.message() != null && !problem.message().isBlank());
        }
        assertEquals(summary.trailer() != null, summary.closedCleanly());
        if (!summary.hasProblems()) {
            assertTrue(summary.closedCleanly(), "no problems, yet no trailer");
        }
        if (summary.header() == null) {
            assertTrue(result.blocks().isEmpty() && summary.hasProblems());
            return;
        }
        if (summary.trailer() == null && summary.problemCount() <= ProblemLog.MAX_KEPT) {
            List<LogProblem> problems = summary.problems();
            assertEquals(LogProblem.Kind.MISSING_TRAILER,
                    problems.get(problems.size() - 1).kind(), "last problem");
        }
        long end = summary.header().headerLengthBytes();
        for (RecordBlock block : result.blocks()) {
            assertTrue(block.fileOffset() >= end, "blocks overlap or precede the header");
            end = block.fileOffset() + 24 + block.storedLengthBytes();
            assertTrue(end <= size, "block runs past the end");
            assertEquals(summary.header().columnCount(), block.columnCount());
            if (!mutant.forged()) {
                assertTrue(wasWritten(block), "a block that was never written was returned at "
                        + block.fileOffset());
            }
        }
        if (!result.blocks().isEmpty()) {
            RecordBlock last = result.blocks().get(result.blocks().size() - 1);
            assertEquals(last.value(0, last.recordCount() - 1), summary.lastRecord().get(0));
        }
    }

    private void checkDiskAgrees(Mutant mutant, ReadResult memory, int windowBytes)
            throws IOException {
        Path path = Files.write(directory.resolve("input.cplog"), mutant.bytes());
        ReadResult disk = ReadResult.of(path, windowBytes);
        assertEquals(memory.summary().problems(), disk.summary().problems(), "disk problems");
        assertEquals(memory.blocks().size(), disk.blocks().size(), "disk blocks");
        for (int b = 0; b < memory.blocks().size(); b++) {
            assertTrue(sameValues(memory.blocks().get(b), disk.blocks().get(b)), "disk values");
        }
    }

    private AssertionError failure(long seed, int index, Mutant mutant, String what,
            Throwable cause) {
        Path dump = Path.of("target", "fuzz-failure-" + seed + "-" + index + ".cplog");
        try {
            Files.createDirectories(dump.getParent());
            Files.write(dump, mutant.bytes());
        } catch (IOException e) {
            cause.addSuppressed(e);
        }
        return new AssertionError("seed " + seed + ", input " + index + " ("
                + mutant.description() + "): " + what + "; input saved to "
                + dump.toAbsolutePath(), cause);
    }

    // ---- corpus ----

    private void buildCorpus(Random random) {
        for (int codec : new int[] {LogFileBuilder.RAW, LogFileBuilder.ZSTD}) {
            for (int columnCount = 1; columnCount <= 8; columnCount++) {
                corpus.add(sample(random, codec, columnCount, random.nextBoolean()));
            }
        }
        corpus.add(sample(random, LogFileBuilder.RAW, 2, true));
        corpus.add(sample(random, LogFileBuilder.ZSTD, 2, false));
        corpus.add(new Sample(GoldenFiles.idRaw(), 135, new int[] {135, 468}, 653));
        remember(GoldenFiles.idRaw());
    }

    private Sample sample(Random random, int codec, int columnCount, boolean closed) {
        String[] names = new String[columnCount];
        for (int c = 0; c < columnCount; c++) {
            names[c] = "col" + c;
        }
        LogFileBuilder builder = new LogFileBuilder().codec(codec).columns(names)
                .channel("fuzz/" + columnCount + "/in");
        int blocks = 1 + random.nextInt(8);
        long records = 0;
        for (int b = 0; b < blocks; b++) {
            int n = 1 + random.nextInt(40);
            long[][] values = new long[columnCount][n];
            for (int c = 0; c < columnCount; c++) {
                long value = random.nextInt(1000);
                for (int i = 0; i < n; i++) {
                    value += random.nextInt(8) == 0 ? random.nextLong() : random.nextInt(5000);
                    values[c][i] = value;
                }
            }
            builder.block(random.nextInt(4) == 0 ? 1 - codec : codec, values);
            records += n;
        }
        if (closed) {
            builder.trailer(new LogTrailer(records, blocks, records, 0, 0, 0, 0, 0, 7, 8, 9, 1,
                    1));
        }
        int[] offsets = new int[blocks];
        for (int b = 0; b < blocks; b++) {
            offsets[b] = builder.blockOffset(b);
        }
        byte[] bytes = builder.build();
        remember(bytes);
        return new Sample(bytes, builder.header().length, offsets,
                closed ? builder.trailerOffset() : -1);
    }

    /** Records every block of a valid file, as the reader returns it. */
    private void remember(byte[] file) {
        for (RecordBlock block : ReadResult.of(file).blocks()) {
            writtenBlocks.computeIfAbsent(fingerprint(block), k -> new ArrayList<>())
                    .add(values(block));
        }
    }

    private boolean wasWritten(RecordBlock block) {
        for (long[][] written : writtenBlocks.getOrDefault(fingerprint(block), List.of())) {
            if (Arrays.deepEquals(written, values(block))) {
                return true;
            }
        }
        return false;
    }

    private static int fingerprint(RecordBlock block) {
        return Arrays.deepHashCode(values(block));
    }

    private static long[][] values(RecordBlock block) {
        long[][] values = new long[block.columnCount()][];
        for (int c = 0; c < values.length; c++) {
            values[c] = Arrays.copyOf(block.column(c), block.recordCount());
        }
        return values;
    }

    private static boolean sameValues(RecordBlock a, RecordBlock b) {
        return a.fileOffset() == b.fileOffset() && Arrays.deepEquals(values(a), values(b));
    }

    // ---- mutations ----

    private Mutant mutate(Random random) {
        Sample sample = corpus.get(random.nextInt(corpus.size()));
        byte[] bytes = sample.bytes().clone();
        boolean forged = false;
        StringBuilder description = new StringBuilder();
        int mutations = 1 + random.nextInt(3);
        for (int m = 0; m < mutations; m++) {
            int kind = random.nextInt(12);
            description.append(kind).append(' ');
            switch (kind) {
                case 0 -> flipBits(random, bytes);
                case 1 -> overwriteBytes(random, bytes);
                case 2 -> bytes = truncate(random, sample, bytes);
                case 3 -> bytes = insert(random, bytes, randomBytes(random));
                case 4 -> bytes = delete(random, bytes);
                case 5 -> bytes = duplicateBlock(random, sample, bytes);
                case 6 -> bytes = splice(random, bytes);
                case 7 -> forged |= tamperBlockLength(random, sample, bytes);
                case 8 -> forged |= tamperHeader(random, sample, bytes);
                case 9 -> forged |= tamperTrailer(random, sample, bytes);
                case 10 -> bytes = swapBlocks(random, sample, bytes);
                default -> zeroRange(random, bytes);
            }
        }
        return new Mutant(bytes, forged, description.toString().trim());
    }

    private static void flipBits(Random random, byte[] bytes) {
        if (bytes.length == 0) {
            return;
        }
        for (int i = 1 + random.nextInt(8); i > 0; i--) {
            bytes[random.nextInt(bytes.length)] ^= (byte) (1 << random.nextInt(8));
        }
    }

    private static void overwriteBytes(Random random, byte[] bytes) {
        if (bytes.length == 0) {
            return;
        }
        for (int i = 1 + random.nextInt(16); i > 0; i--) {
            int at = random.nextInt(bytes.length);
            bytes[at] = switch (random.nextInt(4)) {
                case 0 -> 0;
                case 1 -> (byte) 0xFF;
                case 2 -> MAGICS[0][random.nextInt(4)];
                default -> (byte) random.nextInt(256);
            };
        }
    }

    private static byte[] truncate(Random random, Sample sample, byte[] bytes) {
        if (bytes.length == 0) {
            return bytes;
        }
        // Half the cuts land near a unit boundary, where a killed writer stops.
        int at = random.nextInt(bytes.length);
        if (random.nextBoolean() && sample.blockOffsets().length > 0) {
            at = sample.blockOffsets()[random.nextInt(sample.blockOffsets().length)]
                    + random.nextInt(30) - 2;
        }
        return Arrays.copyOf(bytes, Math.max(0, Math.min(at, bytes.length)));
    }

    private static byte[] randomBytes(Random random) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 1 + random.nextInt(64); i > 0; i--) {
            if (random.nextInt(8) == 0) {
                out.writeBytes(MAGICS[random.nextInt(MAGICS.length)]);
            } else {
                out.write(random.nextInt(256));
            }
        }
        return out.toByteArray();
    }

    private static byte[] insert(Random random, byte[] bytes, byte[] inserted) {
        int at = random.nextInt(bytes.length + 1);
        byte[] result = new byte[bytes.length + inserted.length];
        System.arraycopy(bytes, 0, result, 0, at);
        System.arraycopy(inserted, 0, result, at, inserted.length);
        System.arraycopy(bytes, at, result, at + inserted.length, bytes.length - at);
        return result;
    }

    private static byte[] delete(Random random, byte[] bytes) {
        if (bytes.length == 0) {
            return bytes;
        }
        int at = random.nextInt(bytes.length);
        int length = Math.min(1 + random.nextInt(64), bytes.length - at);
        byte[] result = new byte[bytes.length - length];
        System.arraycopy(bytes, 0, result, 0, at);
        System.arraycopy(bytes, at + length, result, at, bytes.length - at - length);
        return result;
    }

    /** The bytes of block {@code index} of {@code sample}, or of everything after it. */
    private static byte[] blockBytes(Sample sample, int index) {
        int from = sample.blockOffsets()[index];
        int to = index + 1 < sample.blockOffsets().length ? sample.blockOffsets()[index + 1]
                : sample.trailerOffset() > 0 ? sample.trailerOffset() : sample.bytes().length;
        return Arrays.copyOfRange(sample.bytes(), from, to);
    }

    private static byte[] duplicateBlock(Random random, Sample sample, byte[] bytes) {
        byte[] block = blockBytes(sample, random.nextInt(sample.blockOffsets().length));
        if (random.nextBoolean()) {
            return insert(random, bytes, block);
        }
        int at = sample.blockOffsets()[random.nextInt(sample.blockOffsets().length)];
        return at <= bytes.length ? insertAt(bytes, at, block) : bytes;
    }

    private byte[] splice(Random random, byte[] bytes) {
        Sample donor = corpus.get(random.nextInt(corpus.size()));
        byte[] inserted = random.nextBoolean()
                ? blockBytes(donor, random.nextInt(donor.blockOffsets().length))
                : Arrays.copyOfRange(donor.bytes(), random.nextInt(donor.bytes().length),
                        donor.bytes().length);
        return insert(random, bytes, inserted);
    }

    private static byte[] insertAt(byte[] bytes, int at, byte[] inserted) {
        byte[] result = new byte[bytes.length + inserted.length];
        System.arraycopy(bytes, 0, result, 0, at);
        System.arraycopy(inserted, 0, result, at, inserted.length);
        System.arraycopy(bytes, at, result, at + inserted.length, bytes.length - at);
        return result;
    }

    private static long interestingLength(Random random, long current) {
        return switch (random.nextInt(3)) {
            case 0 -> INTERESTING_LENGTHS[random.nextInt(INTERESTING_LENGTHS.length)];
            case 1 -> current + random.nextInt(21) - 10;
            default -> random.nextInt() & 0xFFFF_FFFFL;
        };
    }

    /** Sets a block's N, L or U; half the time recomputes its CRC (a forged valid block). */
    private static boolean tamperBlockLength(Random random, Sample sample, byte[] bytes) {
        int at = sample.blockOffsets()[random.nextInt(sample.blockOffsets().length)];
        if (at + 24 > bytes.length) {
            return false;
        }
        int field = 8 + 4 * random.nextInt(3);
        long current = LittleEndian.u32(bytes, at + field);
        LogFileBuilder.putInt(bytes, at + field, (int) interestingLength(random, current));
        long stored = LittleEndian.u32(bytes, at + 12);
        if (random.nextBoolean() && at + 24 + stored <= bytes.length) {
            LogFileBuilder.refreshBlockCrc(bytes, at);
            return true;
        }
        return false;
    }

    /** Sets a header length or count field; half the time recomputes the header CRC. */
    private static boolean tamperHeader(Random random, Sample sample, byte[] bytes) {
        int[][] fields = {{8, 2}, {12, 4}, {60, 1}, {96, 2}, {56, 2}, {58, 1}, {10, 2}};
        int[] field = fields[random.nextInt(fields.length)];
        if (bytes.length < 16 || field[0] + Math.max(2, field[1]) > bytes.length) {
            return false;
        }
        long value = interestingLength(random, LittleEndian.u16(bytes, field[0]));
        for (int i = 0; i < field[1]; i++) {
            bytes[field[0] + i] = (byte) (value >>> (8 * i));
        }
        int headerLength = (int) LittleEndian.u32(bytes, 12);
        if (random.nextBoolean() && headerLength >= 8 && headerLength <= bytes.length) {
            LogFileBuilder.refreshHeaderCrc(bytes);
            return true;
        }
        return false;
    }

    /** Sets a trailer field; half the time recomputes the trailer CRC. */
    private static boolean tamperTrailer(Random random, Sample sample, byte[] bytes) {
        int at = sample.trailerOffset();
        if (at < 0 || at + 112 > bytes.length) {
            return false;
        }
        int field = 4 + 4 * random.nextInt(26);
        LogFileBuilder.putInt(bytes, at + field,
                (int) interestingLength(random, LittleEndian.u32(bytes, at + field)));
        if (random.nextBoolean()) {
            LogFileBuilder.refreshTrailerCrc(bytes, at);
            return true;
        }
        return false;
    }

    private static byte[] swapBlocks(Random random, Sample sample, byte[] bytes) {
        int count = sample.blockOffsets().length;
        if (count < 2 || bytes.length != sample.bytes().length) {
            return bytes;
        }
        int first = random.nextInt(count - 1);
        byte[] a = blockBytes(sample, first);
        byte[] b = blockBytes(sample, first + 1);
        int at = sample.blockOffsets()[first];
        System.arraycopy(b, 0, bytes, at, b.length);
        System.arraycopy(a, 0, bytes, at + b.length, a.length);
        return bytes;
    }

    private static void zeroRange(Random random, byte[] bytes) {
        if (bytes.length == 0) {
            return;
        }
        int at = random.nextInt(bytes.length);
        Arrays.fill(bytes, at, Math.min(bytes.length, at + 1 + random.nextInt(200)), (byte) 0);
    }
}
