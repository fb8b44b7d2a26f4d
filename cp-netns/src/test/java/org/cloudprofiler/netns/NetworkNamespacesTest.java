package org.cloudprofiler.netns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** What {@link NetworkNamespaces} decides without root: names, subnets, parsing, fallback. */
class NetworkNamespacesTest {

    @Test
    void namesCarryThePidFitLinuxAndAreRecognisedAsOurs() {
        NamespaceNames names = NamespaceNames.ofProcess(4_194_304, 35);
        List<String> all = List.of(names.bridge(), names.namespace(98), names.hostVeth(98),
                names.nodeVeth(98), names.probe());
        for (String name : all) {
            assertTrue(name.length() <= NamespaceNames.MAX_INTERFACE_NAME, name);
            assertTrue(name.contains("4194304"), name);
            assertEquals(OptionalLong.of(4_194_304), NamespaceNames.ownerPid(name), name);
        }
        assertEquals(all.size(), Set.copyOf(all).size(), all.toString());
        assertNotEquals(names.bridge(), NamespaceNames.ofProcess(4_194_304, 36).bridge());
        assertThrows(IllegalStateException.class,
                () -> NamespaceNames.ofProcess(4_194_304, 36 * 36).hostVeth(98));
    }

    @Test
    void onlyOurNamesAreRecognised() {
        for (String other : List.of("eth0", "lo", "cp123", "cp123-0", "cp123-0x", "cpx1-0b",
                "docker0", "cp123-0h", "veth1234", "cp123-Ab", "xcp123-0b")) {
            assertEquals(OptionalLong.empty(), NamespaceNames.ownerPid(other), other);
        }
    }

    @Test
    void keptSetsAreNeverTakenForLeftovers() {
        NamespaceNames kept = NamespaceNames.kept("a1b2c3");
        List<String> all = List.of(kept.bridge(), kept.namespace(98), kept.hostVeth(98),
                kept.nodeVeth(98));
        for (String name : all) {
            assertTrue(name.length() <= NamespaceNames.MAX_INTERFACE_NAME, name);
            assertEquals(OptionalLong.empty(), NamespaceNames.ownerPid(name), name);
        }
        assertEquals(List.of(), NetworkNamespaces.staleNames(all, pid -> false));
        assertThrows(IllegalArgumentException.class, () -> NamespaceNames.kept("a1b2c3d"));
        assertThrows(IllegalArgumentException.class, () -> NamespaceNames.kept("A"));
    }

    @Test
    void staleNamesAreThoseOfDeadPids() {
        List<String> present = List.of("eth0", "cp10-0b", "cp10-0h0", "cp20-1n2", "cp30-0t");
        assertEquals(List.of("cp10-0b", "cp10-0h0", "cp30-0t"),
                NetworkNamespaces.staleNames(present, pid -> pid == 20));
    }

    @Test
    void listingsOfIpAreParsed() {
        String links = "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN\n"
                + "7: cp10-0h0@if2: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 master cp10-0b\n"
                + "8: cp10-0b: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500\n";
        assertEquals(List.of("lo", "cp10-0h0", "cp10-0b"), NetworkNamespaces.linkNames(links));
        assertEquals(List.of("cp10-0n1", "cp10-0n0", "other"),
                NetworkNamespaces.namespaceNames("cp10-0n1 (id: 1)\ncp10-0n0 (id: 0)\nother\n"));
        assertEquals(List.of(), NetworkNamespaces.namespaceNames(""));
    }

    @Test
    void theSubnetAvoidsPrefixesInUseButNotTheDefaultRoute() {
        String addresses = "1: lo    inet 127.0.0.1/8 scope host lo\\       valid_lft forever\n"
                + "4: eth0    inet 192.0.2.2/24 brd 192.0.2.255 scope global eth0\n"
                + "9: cp10-0b    inet 10.213.5.1/24 scope global cp10-0b\n";
        String routes = "default via 192.0.2.1 dev eth0\n"
                + "10.213.6.0/24 dev cp11-0b proto kernel scope link src 10.213.6.1\n"
                + "10.213.7.128/25 via 192.0.2.9 dev eth0\n";
        List<String> inUse = NetworkNamespaces.prefixesInUse(addresses, routes);
        assertEquals(List.of("127.0.0.1/8", "192.0.2.2/24", "10.213.5.1/24", "10.213.6.0/24",
                "10.213.7.128/25"), inUse);
        assertEquals(new PrivateSubnet(8), PrivateSubnet.choose(5, inUse));
        assertEquals(new PrivateSubnet(4), PrivateSubnet.choose(4, inUse));
        assertEquals(new PrivateSubnet(0), PrivateSubnet.choose(255, List.of("10.213.255.7")));
        assertThrows(IllegalStateException.class,
                () -> PrivateSubnet.choose(0, List.of("10.0.0.0/8")));
        assertFalse(new PrivateSubnet(5).overlaps("10.214.0.0/16"));
        assertTrue(new PrivateSubnet(5).overlaps("0.0.0.0/0"));
        assertEquals("10.213.5.2", new PrivateSubnet(5).host(2));
        assertEquals("10.213.5.1/24", new PrivateSubnet(5).hostWithPrefix(1));
    }

    @Test
    void theLoopbackFallbackRunsCommandsUnchangedOnDistinctPorts() throws Exception {
        try (NetworkNamespaces network = NetworkNamespaces.loopback(3, "testing")) {
            assertFalse(network.isolated());
            assertTrue(network.toString().contains("testing"), network.toString());
            assertEquals("127.0.0.1", network.hostIp());
            List<String> command = List.of("java", "-version");
            for (NetworkNode node : network.nodes()) {
                assertEquals("127.0.0.1", node.ip());
                assertEquals(command, node.command(command));
                assertEquals(7000 + node.index(), node.port(7000));
            }
            assertEquals(List.of(), network.remaining());
        }
    }

    @Test
    void aNamespacedNodeRunsItsCommandThroughIpNetnsExec() {
        NetworkNode node = new NetworkNode(2, "10.213.5.4",
                List.of("/usr/sbin/ip", "netns", "exec", "cp10-0n2"), true);
        assertEquals(List.of("/usr/sbin/ip", "netns", "exec", "cp10-0n2", "java", "-version"),
                node.command(List.of("java", "-version")));
        assertEquals(7000, node.port(7000));
    }

    @Test
    void nodeCountsOutsideTheLimitsAreRejectedBeforeAnythingIsCreated() {
        assertThrows(IllegalArgumentException.class, () -> NetworkNamespaces.create(0));
        assertThrows(IllegalArgumentException.class,
                () -> NetworkNamespaces.create(NetworkNamespaces.MAX_NODES + 1));
        assertThrows(IllegalArgumentException.class, () -> NetworkNamespaces.loopback(0, "x"));
    }
}
