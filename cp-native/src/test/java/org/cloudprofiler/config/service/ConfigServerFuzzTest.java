package org.cloudprofiler.config.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.BooleanSupplier;
import org.cloudprofiler.config.service.internal.ConfigCodec;
import org.cloudprofiler.config.service.internal.ConfigKey;
import org.cloudprofiler.config.service.internal.ConfigMessage;
import org.cloudprofiler.config.service.internal.ConfigMessage.Choice;
import org.cloudprofiler.config.service.internal.ConfigMessage.Done;
import org.cloudprofiler.config.service.internal.ConfigMessage.Hello;
import org.cloudprofiler.config.service.internal.ConfigMessage.ListRules;
import org.cloudprofiler.config.service.internal.ConfigMessage.Query;
import org.cloudprofiler.config.service.internal.ConfigMessage.RemoveRule;
import org.cloudprofiler.config.service.internal.ConfigMessage.Rules;
import org.cloudprofiler.config.service.internal.ConfigMessage.SetRule;
import org.cloudprofiler.config.service.internal.ConfigMessage.Welcome;
import org.cloudprofiler.config.service.internal.RejectedDatagramException;
import org.junit.jupiter.api.Test;

/**
 * Random and mutated datagrams against the configuration server: it keeps serving, takes every
 * one, and counts each it cannot trust under the reason the codec gives. Half of the mutated
 * ones are signed again after the mutation, so that garbage bodies with a valid MAC reach the
 * decoder; those that decode are of a session the server never opened, or replies. The system properties
 * {@code cp.fuzz.datagrams} (default 100000) and {@code cp.fuzz.seed} (default 24) set the run;
 * {@code make fuzz} runs a longer one.
 */
class ConfigServerFuzzTest {
    private static final String TOKEN = "fuzz";
    private static final ConfigKey KEY = ConfigKey.fromSecret(TOKEN);
    private static final ConfigCodec CODEC = new ConfigCodec(KEY);
    /** The session of every valid seed: one the server never opens. */
    private static final long SESSION = 0x5EED;
    /** Datagrams in flight at once: the kernel keeps them all, so none is lost unread. */
    private static final int BATCH = 16;

    @Test
    void theServerTakesAndCountsEveryRandomOrMutatedDatagram() throws Exception {
        long count = Long.getLong("cp.fuzz.datagrams", 100_000);
        Random random = new Random(Long.getLong("cp.fuzz.seed", 24));
        List<byte[]> valid = validDatagrams();
        long sent = 0;
        long malformed = 0;
        long oversized = 0;
        long wrongVersion = 0;
        long unauthenticated = 0;
        long wrongSession = 0;
        long unexpected = 0;
        long hellos = 0;
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, TOKEN, null);
                DatagramSocket attacker = new DatagramSocket()) {
            while (sent < count) {
                for (int i = 0; i < BATCH && sent < count; i++) {
                    byte[] datagram = next(random, valid);
                    try {
                        ConfigMessage message = CODEC.decode(datagram, datagram.length).message();
                        if (message instanceof Hello) {
                            hellos++;
                        } else if (message instanceof Query || message instanceof SetRule
                                || message instanceof RemoveRule || message instanceof ListRules) {
                            wrongSession++;
                        } else {
                            unexpected++;
                        }
                    } catch (RejectedDatagramException e) {
                        switch (e.rejection()) {
                            case MALFORMED -> malformed++;
                            case OVERSIZED -> oversized++;
                            case WRONG_VERSION -> wrongVersion++;
                            case UNAUTHENTICATED -> unauthenticated++;
                        }
                    }
                    attacker.send(new DatagramPacket(datagram, datagram.length,
                            server.address()));
                    sent++;
                }
                long batchEnd = sent;
                // Flow control: the next batch waits until the server has taken this one.
                if (!awaitTrue(() -> server.counters().received() >= batchEnd)) {
                    break;
                }
            }
            long dropped = malformed + oversized + wrongVersion + unauthenticated + wrongSession
                    + unexpected;
            long opened = hellos;
            awaitTrue(() -> server.counters().dropped() + server.counters().sessionsOpened()
                    >= dropped + opened);
            ConfigServerCounters counters = server.counters();
            assertEquals(sent, counters.received());
            assertEquals(malformed, counters.malformed());
            assertEquals(oversized, counters.oversized());
            assertEquals(wrongVersion, counters.wrongVersion());
            assertEquals(unauthenticated, counters.unauthenticated());
            assertEquals(wrongSession, counters.wrongSession());
            assertEquals(unexpected, counters.unexpected());
            assertEquals(hellos, counters.sessionsOpened());
            // Nothing of the fuzz was served: no session of its was ever opened by a client.
            assertEquals(0, counters.queries() + counters.changes() + counters.refusedChanges()
                    + counters.replayed() + counters.repeatedRequests(), counters.toString());
            assertTrue(wrongSession > 0 && unexpected > 0 && malformed > 0,
                    "garbage with a valid MAC must reach the decoder and the session check");
            try (ConfigClient client = new ConfigClient(server.address(), TOKEN)) {
                client.set("fuzz/**=OFF", true, Duration.ofSeconds(5));
                assertTrue(client.query("fuzz/1/in", Duration.ofSeconds(5)).rule().choice()
                        .isOff());
            }
        }
    }

    private static List<byte[]> validDatagrams() {
        List<ConfigMessage> messages = List.of(new Query("split/3/in"), new Welcome(5),
                new Choice(4, "split/**=XOY:1:100"), new SetRule("a/**=DOWNSAMPLE:10", true),
                new SetRule("b/{x,y}/*=SPC:250ms", false), new RemoveRule("a/**"),
                new Done(9, "problem"), new ListRules(0), new ListRules(2),
                new Rules(2, 0, 2, List.of("a/**=ID", "b/**=NULL")));
        return messages.stream().map(m -> CODEC.encode(m, SESSION, 77)).toList();
    }

    private static byte[] next(Random random, List<byte[]> valid) {
        switch (random.nextInt(8)) {
            case 0 -> {
                byte[] bytes = new byte[random.nextInt(300)];
                random.nextBytes(bytes);
                return bytes;
            }
            case 1 -> {
                return new byte[ConfigCodec.MAX_DATAGRAM_BYTES + 1 + random.nextInt(4000)];
            }
            case 2 -> {
                return new ConfigCodec(ConfigKey.fromSecret("another"))
                        .encode(new Query("a/1/in"), SESSION, 1);
            }
            default -> {
                byte[] datagram = valid.get(random.nextInt(valid.size())).clone();
                for (int n = 1 + random.nextInt(4); n > 0; n--) {
                    datagram = mutate(random, datagram);
                }
                if (random.nextBoolean() && datagram.length >= ConfigCodec.HEADER_BYTES
                        + ConfigCodec.MAC_BYTES) {
                    KEY.sign(datagram, datagram.length - ConfigCodec.MAC_BYTES);
                }
                return datagram;
            }
        }
    }

    private static byte[] mutate(Random random, byte[] datagram) {
        int at = datagram.length == 0 ? 0 : random.nextInt(datagram.length);
        switch (random.nextInt(5)) {
            case 0 -> {
                if (datagram.length > 0) {
                    datagram[at] ^= (byte) (1 << random.nextInt(8));
                }
                return datagram;
            }
            case 1 -> {
                // A byte of the body, where lengths, counts and text live.
                int bodyBytes = datagram.length - ConfigCodec.HEADER_BYTES - ConfigCodec.MAC_BYTES;
                if (bodyBytes > 0) {
                    int[] interesting = {0, 1, 0x7f, 0x80, 0xff, '*', '=', '{', ':'};
                    datagram[ConfigCodec.HEADER_BYTES + random.nextInt(bodyBytes)] =
                            (byte) interesting[random.nextInt(interesting.length)];
                }
                return datagram;
            }
            case 2 -> {
                return Arrays.copyOf(datagram, random.nextInt(datagram.length + 1));
            }
            case 3 -> {
                byte[] longer = Arrays.copyOf(datagram, datagram.length + 1 + random.nextInt(40));
                Arrays.fill(longer, datagram.length, longer.length, (byte) random.nextInt());
                return longer;
            }
            default -> {
                // Another type's header over this body.
                if (datagram.length > 5) {
                    datagram[5] = (byte) random.nextInt(12);
                }
                return datagram;
            }
        }
    }

    private static boolean awaitTrue(BooleanSupplier condition) throws InterruptedException {
        long deadlineNs = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadlineNs > 0) {
                return false;
            }
            Thread.sleep(0, 200_000);
        }
        return true;
    }
}
