package org.cloudprofiler.generator.jof;

import static org.cloudprofiler.generator.jof.JofTestSupport.awaitNoThreadsBut;
import static org.cloudprofiler.generator.jof.JofTestSupport.pollWithin;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.wire.PayloadClass;
import org.junit.jupiter.api.Test;

/** A payload class of the user's own, deserialized by the user's Kryo. */
class JofPayloadTest {
    @Test
    void aUserClassRoundTripsThroughPreloadedKryoBytes() throws Exception {
        try (JavaObjectFactory jof = JavaObjectFactory.builder()
                .receivers("127.0.0.1", 0, 1)
                .payload(Payload.kryo(Trade.class, Trade::newKryo))
                .start();
                TestSender sender = new TestSender(PayloadClass.PRELOADED_KRYO, 0, 1,
                        jof.endpoints());
                QueuePoller poller = jof.poller()) {
            Kryo senderKryo = Trade.newKryo();
            for (int bucket = 0; bucket < 5; bucket++) {
                sender.sendBucket(0, 20, id -> Trade.serialize(senderKryo, Trade.of(id)));
            }
            sender.finish();
            List<Trade> trades = new ArrayList<>();
            for (JofItem item = pollWithin(poller); item instanceof TupleBucket bucket;
                    item = pollWithin(poller)) {
                assertEquals(PayloadClass.PRELOADED_KRYO, bucket.payloadClass());
                for (int i = 0; i < bucket.size(); i++) {
                    assertEquals(Trade.of(bucket.id(i)), bucket.value(i));
                    trades.add((Trade) bucket.value(i));
                }
            }
            assertEquals(100, trades.size());
            assertTrue(poller.isFinished());
        }
    }

    @Test
    void aClassTheUsersKryoDoesNotKnowFailsAtStart() {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JavaObjectFactory.builder().receivers("127.0.0.1", 0, 1)
                        .payload(Payload.kryo(Trade.class, Kryo::new)).start());
        assertTrue(e.getMessage().contains("Class is not registered"), e.getMessage());
        awaitNoThreadsBut(before);
    }

    /** A user's own class, serialized by the user's Kryo (FieldSerializer). */
    static final class Trade {
        String symbol;
        long priceCents;
        int[] quantities;

        static Trade of(long id) {
            Trade trade = new Trade();
            trade.symbol = "SYM" + id;
            trade.priceCents = id * 3;
            trade.quantities = new int[] {(int) id, (int) (id % 7)};
            return trade;
        }

        static Kryo newKryo() {
            Kryo kryo = new Kryo();
            kryo.register(Trade.class);
            kryo.register(int[].class);
            return kryo;
        }

        static byte[] serialize(Kryo kryo, Trade trade) {
            Output output = new Output(64, -1);
            kryo.writeObject(output, trade);
            return output.toBytes();
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Trade trade && symbol.equals(trade.symbol)
                    && priceCents == trade.priceCents
                    && Arrays.equals(quantities, trade.quantities);
        }

        @Override
        public int hashCode() {
            return Objects.hash(symbol, priceCents);
        }
    }
}
