package org.cloudprofiler.flink.source;

import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.connector.testframe.external.ExternalSystemSplitDataWriter;
import org.apache.flink.connector.testframe.external.source.DataStreamSourceExternalContext;
import org.apache.flink.connector.testframe.external.source.TestingSourceSettings;
import org.cloudprofiler.testing.PortBlocks;

/**
 * The generator and JOF receivers as the connector test framework's external system: split
 * {@code i} is receiver {@code i}, written by a generator run per write. Records are tuple ids,
 * what the generator's tuples are a function of; each write gets a block of ids of its own.
 * One context per test case; used from the test thread.
 */
final class JofExternalContext implements DataStreamSourceExternalContext<Long> {
    // Receivers a context may need: the framework writes at most 4 splits, read by up to 5.
    private static final int MAX_SPLITS = 4;
    // Ids per write block; a write takes a block's first ids, so writes never share an id.
    private static final long IDS_PER_WRITE = 1_000_000;
    private static final int RECORDS_PER_WRITE = 500;

    private final int basePort = PortBlocks.free(MAX_SPLITS);
    private final List<GeneratorSplitWriter> writers = new ArrayList<>();
    private final List<SplitsCountedAtSubmission> sources = new ArrayList<>();
    private long writes;

    @Override
    public Source<Long, ?, ?> createSource(TestingSourceSettings settings) {
        SplitsCountedAtSubmission source =
                new SplitsCountedAtSubmission(basePort, settings.getBoundedness());
        source.receivers(writers.size());
        sources.add(source);
        return source;
    }

    @Override
    public ExternalSystemSplitDataWriter<Long> createSourceSplitDataWriter(
            TestingSourceSettings settings) {
        if (writers.size() == MAX_SPLITS) {
            throw new IllegalStateException("more than " + MAX_SPLITS + " splits");
        }
        GeneratorSplitWriter writer =
                new GeneratorSplitWriter("tcp://127.0.0.1:" + (basePort + writers.size()));
        writers.add(writer);
        sources.forEach(source -> source.receivers(writers.size()));
        return writer;
    }

    /** {@link #RECORDS_PER_WRITE} consecutive ids from a block no other write of it uses. */
    @Override
    public List<Long> generateTestData(TestingSourceSettings settings, int splitIndex,
            long seed) {
        long first = ++writes * IDS_PER_WRITE;
        return LongStream.range(first, first + RECORDS_PER_WRITE).boxed().toList();
    }

    @Override
    public TypeInformation<Long> getProducedType() {
        return new TupleIds().getProducedType();
    }

    @Override
    public List<URL> getConnectorJarPaths() {
        // The MiniCluster runs in the test's JVM, on its class path.
        return List.of();
    }

    @Override
    public void close() throws Exception {
        for (GeneratorSplitWriter writer : writers) {
            writer.close();
        }
    }
}
