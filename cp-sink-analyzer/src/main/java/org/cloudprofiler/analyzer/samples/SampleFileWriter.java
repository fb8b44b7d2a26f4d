package org.cloudprofiler.analyzer.samples;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.cloudprofiler.analyzer.clock.BoundedDuration;
import org.cloudprofiler.analyzer.join.Locality;
import org.cloudprofiler.analyzer.join.TimeSelection;

/**
 * Writes the hop samples of one join subtask into its Arrow IPC file ({@link SampleFiles}), in
 * record batches of {@value #BATCH_ROWS} rows, so memory is one batch whatever the run's size.
 * The file is written as {@code <file>.partial}; {@link #finish()} completes it and renames it
 * to {@code <file>}, {@link #close()} alone leaves it partial. Either frees every resource, as
 * does a constructor that fails. Owned and used by the subtask's thread only.
 */
public final class SampleFileWriter implements AutoCloseable {

    /** Rows per record batch: about 2 MB of column data. */
    static final int BATCH_ROWS = 65_536;
    private static final long HOP_DICTIONARY = 0;
    private static final long LOCALITY_DICTIONARY = 1;

    private final Path file;
    private final Path partial;
    /** Everything to close, in the order opened; closed in reverse. */
    private final List<AutoCloseable> resources = new ArrayList<>();
    private final BufferAllocator allocator;
    private final FileChannel channel;
    private final VectorSchemaRoot root;
    private final ArrowFileWriter writer;
    private final BigIntVector tupleId;
    private final SmallIntVector hop;
    private final TinyIntVector locality;
    private final Float8Vector startNs;
    private final Float8Vector latencyNs;
    private final Float8Vector boundNs;
    private final BitVector unbounded;
    private int rows;
    private boolean closed;

    /**
     * Opens {@code file}'s partial file, its directory created if need be, for samples of the
     * hops named {@code hopNames} (by hop index) taken by {@code selection} in run {@code run};
     * buffers come from a child of {@code parent}, which the caller owns.
     *
     * @throws IOException naming the file and the fix, if it cannot be created or written
     */
    public SampleFileWriter(Path file, List<String> hopNames, String run,
            TimeSelection selection, BufferAllocator parent) throws IOException {
        this.file = file;
        partial = SampleFiles.partialOf(file);
        allocator = opened(parent.newChildAllocator("samples " + file, 0, Long.MAX_VALUE));
        try {
            DictionaryProvider.MapDictionaryProvider provider =
                    new DictionaryProvider.MapDictionaryProvider();
            DictionaryEncoding hopEncoding = dictionary(provider, HOP_DICTIONARY,
                    new ArrowType.Int(16, true), hopNames);
            List<String> localities = new ArrayList<>();
            for (Locality value : Locality.values()) {
                localities.add(value.name());
            }
            DictionaryEncoding localityEncoding = dictionary(provider, LOCALITY_DICTIONARY,
                    new ArrowType.Int(8, true), localities);
            root = opened(VectorSchemaRoot.create(schema(hopEncoding, localityEncoding, run,
                    selection), allocator));
            tupleId = (BigIntVector) root.getVector(SampleFiles.TUPLE_ID);
            hop = (SmallIntVector) root.getVector(SampleFiles.HOP);
            locality = (TinyIntVector) root.getVector(SampleFiles.LOCALITY);
            startNs = (Float8Vector) root.getVector(SampleFiles.START_NS);
            latencyNs = (Float8Vector) root.getVector(SampleFiles.LATENCY_NS);
            boundNs = (Float8Vector) root.getVector(SampleFiles.BOUND_NS);
            unbounded = (BitVector) root.getVector(SampleFiles.UNBOUNDED);
            Files.createDirectories(file.getParent());
            channel = opened(FileChannel.open(partial, StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE));
            // Not a resource: its close() would write a footer, which only finish() may.
            writer = new ArrowFileWriter(root, provider, channel);
            writer.start();
        } catch (IOException | RuntimeException e) {
            IOException failure = cannotWrite(e);
            releaseAfter(failure);
            throw failure;
        }
    }

    private static Schema schema(DictionaryEncoding hopEncoding,
            DictionaryEncoding localityEncoding, String run, TimeSelection selection) {
        Map<String, String> metadata = new LinkedHashMap<>();
        metadata.put(SampleFiles.RUN_METADATA, run);
        metadata.put(SampleFiles.FROM_NS_METADATA, Long.toString(selection.fromNs()));
        if (selection.toNs() != Long.MAX_VALUE) {
            metadata.put(SampleFiles.TO_NS_METADATA, Long.toString(selection.toNs()));
        }
        ArrowType float64 = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
        return new Schema(List.of(
                Field.notNullable(SampleFiles.TUPLE_ID, new ArrowType.Int(64, true)),
                new Field(SampleFiles.HOP, new FieldType(false, hopEncoding.getIndexType(),
                        hopEncoding), null),
                new Field(SampleFiles.LOCALITY, new FieldType(false,
                        localityEncoding.getIndexType(), localityEncoding), null),
                Field.nullable(SampleFiles.START_NS, float64),
                Field.nullable(SampleFiles.LATENCY_NS, float64),
                Field.nullable(SampleFiles.BOUND_NS, float64),
                Field.notNullable(SampleFiles.UNBOUNDED, ArrowType.Bool.INSTANCE)), metadata);
    }

    /**
     * Appends one sample: {@code duration} of hop {@code hopIndex} of tuple {@code id}, whose
     * start was {@code hopStartNs} after the run's start (NaN if unknown).
     *
     * @throws IOException naming the file and the fix
     */
    public void write(long id, int hopIndex, Locality where, double hopStartNs,
            BoundedDuration duration) throws IOException {
        tupleId.setSafe(rows, id);
        hop.setSafe(rows, hopIndex);
        locality.setSafe(rows, where.ordinal());
        if (Double.isNaN(hopStartNs)) {
            startNs.setNull(rows);
        } else {
            startNs.setSafe(rows, hopStartNs);
        }
        if (duration.bounded()) {
            latencyNs.setSafe(rows, duration.durationNs());
            boundNs.setSafe(rows, duration.boundNs());
            unbounded.setSafe(rows, 0);
        } else {
            latencyNs.setNull(rows);
            boundNs.setNull(rows);
            unbounded.setSafe(rows, 1);
        }
        if (++rows == BATCH_ROWS) {
            try {
                flushBatch();
            } catch (IOException e) {
                throw cannotWrite(e);
            }
        }
    }

    private void flushBatch() throws IOException {
        root.setRowCount(rows);
        writer.writeBatch();
        for (FieldVector vector : root.getFieldVectors()) {
            vector.reset();
        }
        rows = 0;
    }

    /**
     * Writes the last batch and the footer, frees every resource and renames the partial file to
     * its name: the subtask has sampled everything. On failure the partial file stays.
     *
     * @throws IOException naming the file and the fix
     */
    public void finish() throws IOException {
        try {
            if (rows > 0) {
                flushBatch();
            }
            writer.end();
            channel.force(true);
        } catch (IOException | RuntimeException e) {
            IOException failure = cannotWrite(e);
            releaseAfter(failure);
            throw failure;
        }
        release();
        try {
            Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new IOException("cannot rename the finished samples " + partial + " to "
                    + file + " (" + e + "). Fix: remove what is in the way, or rename the file"
                    + " yourself: it is complete", e);
        }
    }

    /**
     * Frees every resource; the file stays partial unless {@link #finish()} was called: a task
     * cancelled or failed. Idempotent.
     */
    @Override
    public void close() throws IOException {
        release();
    }

    private void release() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        List<AutoCloseable> reversed = new ArrayList<>(resources);
        Collections.reverse(reversed);
        try {
            AutoCloseables.close(reversed);
        } catch (IOException e) {
            throw new IOException("cannot close the samples " + partial + " (" + e + ")", e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot free the buffers of the samples " + partial
                    + " (" + e + ")", e);
        }
    }

    /** Frees every resource after {@code failure}, which carries any further failure. */
    private void releaseAfter(IOException failure) {
        try {
            release();
        } catch (IOException | RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    private IOException cannotWrite(Exception e) {
        return new IOException("cannot write the samples to " + partial + " (" + e + ")."
                + " Fix: give --samples a directory that can be written and has room (with"
                + " --cluster, on every task manager's machine)", e);
    }

    private <T extends AutoCloseable> T opened(T resource) {
        resources.add(resource);
        return resource;
    }

    private DictionaryEncoding dictionary(DictionaryProvider.MapDictionaryProvider provider,
            long id, ArrowType.Int indexType, List<String> values) {
        VarCharVector vector = opened(new VarCharVector("dictionary-" + id, allocator));
        vector.allocateNew(values.size());
        for (int i = 0; i < values.size(); i++) {
            vector.setSafe(i, values.get(i).getBytes(StandardCharsets.UTF_8));
        }
        vector.setValueCount(values.size());
        DictionaryEncoding encoding = new DictionaryEncoding(id, false, indexType);
        provider.put(new Dictionary(vector, encoding));
        return encoding;
    }
}
