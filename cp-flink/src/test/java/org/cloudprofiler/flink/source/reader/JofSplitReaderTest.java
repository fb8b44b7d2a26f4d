package org.cloudprofiler.flink.source.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.cloudprofiler.flink.source.split.JofReceiverSplit;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.jof.JavaObjectFactory;
import org.cloudprofiler.testing.PortBlocks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A split that ends with the generator's run: the fetch that carries its last buckets and its
 * end leaves its receiver open (closing waits for the receiver's receive timeout, which would
 * hold that fetch back from the task); the next fetch closes it.
 */
@Timeout(120) // A guard against a hang only.
class JofSplitReaderTest {

    @Test
    void aSplitsReceiverIsClosedAtTheFetchAfterTheOneThatEndsIt() throws Exception {
        int port = PortBlocks.free(1);
        JofReceiverSplit split = new JofReceiverSplit(0, "tcp://127.0.0.1:" + port);
        JofSplitReader reader = new JofSplitReader(
                (s, assembler) -> JavaObjectFactory.builder().endpoints(List.of(s.endpoint()))
                        .payload(Payload.raw()).tupleAssemblers(r -> assembler).start(),
                s -> (sender, tupleId, value) -> tupleId, true, new JofReaderCounts());
        reader.handleSplitsChanges(new SplitsAddition<>(List.of(split)));
        try (Generator generator = Generator.builder().endpoints(List.of(split.endpoint()))
                .tuplesPerSecond(10_000).tupleCount(100)
                .connectTimeout(Duration.ofSeconds(60)).build()) {
            generator.start();
            assertTrue(generator.awaitEnd().clean());
        }

        long records = 0;
        while (true) {
            RecordsWithSplitIds<Object> fetched = reader.fetch();
            while (fetched.nextSplit() != null) {
                while (fetched.nextRecordFromSplit() != null) {
                    records++;
                }
            }
            if (fetched.finishedSplits().contains(split.splitId())) {
                break;
            }
        }
        assertEquals(100, records);
        assertThrows(BindException.class, () -> bind(port), "closed before its fetch left");
        reader.fetch();
        bind(port);
        reader.close();
    }

    private static void bind(int port) throws IOException {
        new ServerSocket(port, 1, InetAddress.getLoopbackAddress()).close();
    }
}
