package org.cloudprofiler.analyzer.join;

import java.io.Closeable;
import java.io.IOException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.cloudprofiler.analyzer.samples.SampleExport;
import org.cloudprofiler.analyzer.samples.SampleFileWriter;

/**
 * The sample file ({@code --samples}) one subtask of a join operator writes, with the Arrow
 * memory it needs: {@link #finish()} when the input ends normally gives it its final name,
 * {@link #close()}, always called, frees the memory (after a failure the file stays partial).
 * Not thread-safe: the subtask's thread only.
 */
final class SubtaskSampleFile implements Closeable {

    private final BufferAllocator allocator;
    private final SampleFileWriter writer;

    private SubtaskSampleFile(BufferAllocator allocator, SampleFileWriter writer) {
        this.allocator = allocator;
        this.writer = writer;
    }

    /** Opens file {@code index} of {@code export} for the samples of {@code plan}'s hops. */
    static SubtaskSampleFile open(SampleExport export, int index, HopPlan plan,
            TimeSelection selection) throws IOException {
        BufferAllocator allocator = new RootAllocator();
        try {
            return new SubtaskSampleFile(allocator, new SampleFileWriter(export.fileOf(index),
                    plan.hops().stream().map(Hop::name).toList(), export.run(), selection,
                    allocator));
        } catch (IOException | RuntimeException e) {
            allocator.close();
            throw e;
        }
    }

    SampleFileWriter writer() {
        return writer;
    }

    void finish() throws IOException {
        writer.finish();
    }

    @Override
    public void close() throws IOException {
        try (BufferAllocator memory = allocator) {
            writer.close();
        }
    }
}
