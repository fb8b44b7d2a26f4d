package org.cloudprofiler.analyzer.samples;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
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

/**
 * Writes the hop samples of one join subtask into its Arrow IPC file ({@link SampleFiles}), in
 * record batches of {@value #BATCH_ROWS} rows, so memory is one batch whatever the run's size.
 * Owned and used by the subtask's thread only; {@link #close()} completes the file.
 */
public final class SampleFileWriter implements AutoCloseable {

    /** Rows per record batch: about 1.5 MB of column data. */
    static final int BATCH_ROWS = 65_536;
    private static final long HOP_DICTIONARY = 0;
    private static final long LOCALITY_DICTIONARY = 1;

    private final BufferAllocator allocator = new RootAllocator();
    private final List<VarCharVector> dictionaries = new ArrayList<>();
    private final FileOutputStream out;
    private final VectorSchemaRoot root;
    private final ArrowFileWriter writer;
    private final BigIntVector tupleId;
    private final SmallIntVector hop;
    private final TinyIntVector locality;
    private final Float8Vector latencyNs;
    private final Float8Vector boundNs;
    private final BitVector unbounded;
    private int rows;

    /**
     * Opens {@code file}, its directory created if need be, for samples of the hops named
     * {@code hopNames} (by hop index).
     *
     * @throws IOException if the file cannot be created
     */
    public SampleFileWriter(Path file, List<String> hopNames) throws IOException {
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
        Schema schema = new Schema(List.of(
                Field.notNullable(SampleFiles.TUPLE_ID, new ArrowType.Int(64, true)),
                new Field(SampleFiles.HOP, new FieldType(false, hopEncoding.getIndexType(),
                        hopEncoding), null),
                new Field(SampleFiles.LOCALITY, new FieldType(false,
                        localityEncoding.getIndexType(), localityEncoding), null),
                Field.nullable(SampleFiles.LATENCY_NS, new ArrowType.FloatingPoint(
                        FloatingPointPrecision.DOUBLE)),
                Field.nullable(SampleFiles.BOUND_NS, new ArrowType.FloatingPoint(
                        FloatingPointPrecision.DOUBLE)),
                Field.notNullable(SampleFiles.UNBOUNDED, ArrowType.Bool.INSTANCE)));
        root = VectorSchemaRoot.create(schema, allocator);
        tupleId = (BigIntVector) root.getVector(SampleFiles.TUPLE_ID);
        hop = (SmallIntVector) root.getVector(SampleFiles.HOP);
        locality = (TinyIntVector) root.getVector(SampleFiles.LOCALITY);
        latencyNs = (Float8Vector) root.getVector(SampleFiles.LATENCY_NS);
        boundNs = (Float8Vector) root.getVector(SampleFiles.BOUND_NS);
        unbounded = (BitVector) root.getVector(SampleFiles.UNBOUNDED);
        Files.createDirectories(file.getParent());
        out = new FileOutputStream(file.toFile());
        writer = new ArrowFileWriter(root, provider, out.getChannel());
        writer.start();
    }

    /** Appends one sample: {@code duration} of hop {@code hopIndex} of tuple {@code id}. */
    public void write(long id, int hopIndex, Locality where, BoundedDuration duration)
            throws IOException {
        tupleId.setSafe(rows, id);
        hop.setSafe(rows, hopIndex);
        locality.setSafe(rows, where.ordinal());
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
            flushBatch();
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

    /** Writes the last batch and the file's footer, and frees every buffer. */
    @Override
    public void close() throws IOException {
        try {
            if (rows > 0) {
                flushBatch();
            }
            writer.end();
        } finally {
            writer.close();
            out.close();
            root.close();
            dictionaries.forEach(VarCharVector::close);
            allocator.close();
        }
    }

    private DictionaryEncoding dictionary(DictionaryProvider.MapDictionaryProvider provider,
            long id, ArrowType.Int indexType, List<String> values) {
        VarCharVector vector = new VarCharVector("dictionary-" + id, allocator);
        dictionaries.add(vector);
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
