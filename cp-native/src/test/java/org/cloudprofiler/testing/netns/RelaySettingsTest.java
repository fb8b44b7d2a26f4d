package org.cloudprofiler.testing.netns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.cloudprofiler.netns.NetworkNamespaces;
import org.junit.jupiter.api.Test;

/** The relay's command line and who in the ring sends and receives. */
class RelaySettingsTest {

    @Test
    void theRingWiresEachNodeToTheNextAndSurvivesTheCommandLine() {
        NetworkNamespaces network = NetworkNamespaces.loopback(3, "test");
        RelaySettings last = RelaySettings.ring(network, 2, 7000, 20_000, 3, 5_000, 45_000);
        assertEquals(7002, last.listenPort());
        assertEquals(7000, last.nextPort());
        assertEquals(1, last.predecessor());
        assertEquals(last, RelaySettings.parse(last.toArgs().toArray(String[]::new)));
    }

    @Test
    void aFullLapComesBackToTheOrigin() {
        List<RelaySettings> ring = ring(3, 3);
        assertEquals(List.of(true, true, true), ring.stream().map(RelaySettings::sends).toList());
        assertEquals(List.of(true, true, true),
                ring.stream().map(RelaySettings::receives).toList());
    }

    @Test
    void aShortTripLeavesTheLastNodesIdle() {
        List<RelaySettings> ring = ring(4, 2);
        assertEquals(List.of(true, true, false, false),
                ring.stream().map(RelaySettings::sends).toList());
        assertEquals(List.of(false, true, true, false),
                ring.stream().map(RelaySettings::receives).toList());
    }

    @Test
    void badArgumentsAreNamed() {
        List<String> good = ring(3, 3).get(0).toArgs();
        assertMessage("hops must be in 1-3", replace(good, "hops=4"));
        assertMessage("missing rate", good.stream().filter(a -> !a.startsWith("rate=")).toList());
        assertMessage("unknown arguments [speed]", append(good, "speed=9"));
        assertMessage("tuples: many is not a number", replace(good, "tuples=many"));
        assertMessage("not <host>:<port>", replace(good, "next=10.0.0.1"));
        assertMessage("index: 4294967296 is out of range", replace(good, "index=4294967296"));
    }

    private static List<RelaySettings> ring(int nodes, int hops) {
        NetworkNamespaces network = NetworkNamespaces.loopback(nodes, "test");
        return network.nodes().stream()
                .map(node -> RelaySettings.ring(network, node.index(), 7000, 10, hops, 100, 1000))
                .toList();
    }

    private static List<String> replace(List<String> args, String replacement) {
        String key = replacement.substring(0, replacement.indexOf('=') + 1);
        return args.stream().map(arg -> arg.startsWith(key) ? replacement : arg).toList();
    }

    private static List<String> append(List<String> args, String extra) {
        List<String> all = new ArrayList<>(args);
        all.add(extra);
        return all;
    }

    private static void assertMessage(String expected, List<String> args) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RelaySettings.parse(args.toArray(String[]::new)));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
