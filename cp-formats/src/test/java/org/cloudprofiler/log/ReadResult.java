package org.cloudprofiler.log;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Everything one read of a file produced, for tests: copies of its blocks and its summary.
 *
 * @param blocks copies of the blocks, in file order
 * @param summary the reader's summary after the last block
 * @param nextBlockCalls how often {@link LogReader#nextBlock()} was called
 */
record ReadResult(List<RecordBlock> blocks, LogSummary summary, long nextBlockCalls) {

    /** Reads {@code file} from memory. */
    static ReadResult of(byte[] file) {
        try (LogReader reader = LogReader.fromBytes("memory", file)) {
            return drain(reader);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads {@code path} from disk through a window of {@code windowBytes}. */
    static ReadResult of(Path path, int windowBytes) throws IOException {
        try (LogReader reader = LogReader.open(path, windowBytes)) {
            return drain(reader);
        }
    }

    private static ReadResult drain(LogReader reader) throws IOException {
        List<RecordBlock> blocks = new ArrayList<>();
        long calls = 1;
        for (RecordBlock block = reader.nextBlock(); block != null; block = reader.nextBlock()) {
            blocks.add(block.copy());
            calls++;
        }
        return new ReadResult(blocks, reader.summary(), calls);
    }

    /** The kinds of the problems, in order. */
    List<LogProblem.Kind> kinds() {
        return summary.problems().stream().map(LogProblem::kind).toList();
    }

    /** The problem of {@code kind}; fails if there is not exactly one. */
    LogProblem only(LogProblem.Kind kind) {
        List<LogProblem> found =
                summary.problems().stream().filter(p -> p.kind() == kind).toList();
        if (found.size() != 1) {
            throw new AssertionError("expected one " + kind + " in " + summary.problems());
        }
        return found.get(0);
    }

    /** All values of {@code column} over all blocks, in order. */
    long[] column(int column) {
        return blocks.stream()
                .flatMapToLong(b -> Arrays.stream(b.column(column), 0, b.recordCount()))
                .toArray();
    }
}
