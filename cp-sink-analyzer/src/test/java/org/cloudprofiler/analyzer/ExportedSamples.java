package org.cloudprofiler.analyzer;

import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.cloudprofiler.analyzer.samples.SampleFiles;

/** Every sample of a {@code --samples} directory, read back with Arrow's own file reader. */
final class ExportedSamples {

    /** One row: a sample of {@code hop} of tuple {@code tupleId}. */
    record Sample(long tupleId, String hop, String locality, double startNs, double latencyNs,
            double boundNs, boolean unbounded) {}

    private ExportedSamples() {}

    /** The rows of every finished sample file in {@code directory}. */
    static List<Sample> read(Path directory) throws Exception {
        List<Sample> samples = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator();
                DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*.arrow")) {
            for (Path file : files) {
                readInto(file, allocator, samples);
            }
        }
        return samples;
    }

    /** Adds the rows of {@code file} to {@code samples}; returns its schema's metadata. */
    static Map<String, String> readInto(Path file, BufferAllocator allocator,
            List<Sample> samples) throws Exception {
        try (SeekableByteChannel channel = Files.newByteChannel(file);
                ArrowFileReader reader = new ArrowFileReader(channel, allocator)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            for (ArrowBlock block : reader.getRecordBlocks()) {
                reader.loadRecordBatch(block);
                BigIntVector tupleId = (BigIntVector) root.getVector(SampleFiles.TUPLE_ID);
                Float8Vector start = (Float8Vector) root.getVector(SampleFiles.START_NS);
                Float8Vector latency = (Float8Vector) root.getVector(SampleFiles.LATENCY_NS);
                Float8Vector bound = (Float8Vector) root.getVector(SampleFiles.BOUND_NS);
                BitVector unbounded = (BitVector) root.getVector(SampleFiles.UNBOUNDED);
                try (VarCharVector hop = decode(reader, root.getVector(SampleFiles.HOP));
                        VarCharVector locality = decode(reader,
                                root.getVector(SampleFiles.LOCALITY))) {
                    for (int row = 0; row < root.getRowCount(); row++) {
                        samples.add(new Sample(tupleId.get(row), hop.getObject(row).toString(),
                                locality.getObject(row).toString(), start.get(row),
                                latency.get(row),
                                bound.get(row), unbounded.get(row) != 0));
                    }
                }
            }
            return root.getSchema().getCustomMetadata();
        }
    }

    private static VarCharVector decode(ArrowFileReader reader, FieldVector indices)
            throws Exception {
        long id = indices.getField().getDictionary().getId();
        return (VarCharVector) DictionaryEncoder.decode(indices,
                reader.getDictionaryVectors().get(id));
    }
}
