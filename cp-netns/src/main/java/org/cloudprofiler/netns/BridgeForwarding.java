package org.cloudprofiler.netns;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Lets a bridge forward between its own ports where the host's firewall would drop it. Docker
 * loads {@code br_netfilter}, which sends bridged IPv4 through iptables' {@code FORWARD} chain,
 * and sets that chain's policy to {@code DROP}: on a machine that runs Docker, nodes on one of
 * our bridges cannot reach each other. Each bridge then gets a rule of its own, first in the
 * chain, accepting what goes from the bridge to the bridge, and loses it when it is removed.
 * Nothing is done where bridged traffic does not pass iptables. Stateless.
 */
final class BridgeForwarding {

    private static final Path BRIDGE_NF_CALL_IPTABLES =
            Path.of("/proc/sys/net/bridge/bridge-nf-call-iptables");

    private BridgeForwarding() {}

    /**
     * Accepts forwarding within {@code bridge} if bridged traffic passes iptables here.
     *
     * @return whether a rule was added (and must be removed with {@link #remove})
     * @throws IOException if bridged traffic passes iptables but no {@code iptables} can add the
     *     rule, naming the fix
     */
    static boolean allow(String bridge) throws IOException {
        if (!bridgedTrafficIsFiltered()) {
            return false;
        }
        SystemCommand iptables = SystemCommand.find("iptables").orElseThrow(() -> new IOException(
                "bridged traffic passes iptables here (net.bridge.bridge-nf-call-iptables = 1, as"
                        + " Docker sets it) but there is no iptables to let bridge " + bridge
                        + " forward: install it (apt-get install iptables)"));
        iptables.run(rule("-I", bridge));
        return true;
    }

    /** Removes the rule {@link #allow} added for {@code bridge}. */
    static void remove(String bridge) throws IOException {
        Optional<SystemCommand> iptables = SystemCommand.find("iptables");
        if (iptables.isPresent()) {
            iptables.get().run(rule("-D", bridge));
        }
    }

    /** The bridges that have a rule of {@link #allow}, from {@code iptables -S FORWARD}. */
    static List<String> bridgesWithRules() throws IOException {
        Optional<SystemCommand> iptables = SystemCommand.find("iptables");
        if (iptables.isEmpty() || !bridgedTrafficIsFiltered()) {
            return List.of();
        }
        return bridgesIn(iptables.get().run("-S", "FORWARD"));
    }

    /** The bridges named by rules of {@link #allow} in an {@code iptables -S} listing. */
    static List<String> bridgesIn(String listing) {
        List<String> bridges = new ArrayList<>();
        for (String line : listing.split("\n")) {
            String[] words = line.strip().split("\\s+");
            if (words.length == 12 && words[0].equals("-A") && words[1].equals("FORWARD")
                    && words[2].equals("-i") && words[4].equals("-o")
                    && words[3].equals(words[5]) && words[6].equals("-m")
                    && words[7].equals("comment") && words[8].equals("--comment")
                    && words[9].equals("cloudprofiler") && words[10].equals("-j")
                    && words[11].equals("ACCEPT")) {
                // Only rules of this shape are ours; a bridge forwarding to itself is common.
                bridges.add(words[3]);
            }
        }
        return bridges;
    }

    private static String[] rule(String action, String bridge) {
        return new String[] {action, "FORWARD", "-i", bridge, "-o", bridge, "-m", "comment",
            "--comment", "cloudprofiler", "-j", "ACCEPT"};
    }

    private static boolean bridgedTrafficIsFiltered() {
        try {
            return Files.exists(BRIDGE_NF_CALL_IPTABLES)
                    && Files.readString(BRIDGE_NF_CALL_IPTABLES).strip().equals("1");
        } catch (IOException e) {
            return false;
        }
    }
}
