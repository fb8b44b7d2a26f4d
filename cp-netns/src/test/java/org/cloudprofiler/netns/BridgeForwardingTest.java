package org.cloudprofiler.netns;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which FORWARD rules {@link BridgeForwarding} takes for its own. */
class BridgeForwardingTest {

    @Test
    void onlyRulesOfItsOwnShapeNameABridge() {
        String listing = """
                -P FORWARD DROP
                -A FORWARD -i cp123-0b -o cp123-0b -m comment --comment cloudprofiler -j ACCEPT
                -A FORWARD -j DOCKER-USER
                -A FORWARD -i docker0 -o docker0 -j ACCEPT
                -A FORWARD -i br-1 -o br-2 -m comment --comment cloudprofiler -j ACCEPT
                -A FORWARD -i cpkab -o cpkab -m comment --comment someone-else -j ACCEPT
                -A FORWARD -i cpkab -o cpkab -m comment --comment cloudprofiler -j ACCEPT
                """;
        assertEquals(List.of("cp123-0b", "cpkab"), BridgeForwarding.bridgesIn(listing));
    }
}
