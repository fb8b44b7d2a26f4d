package org.cloudprofiler.cli.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.util.List;

/** Verdicts of the network namespace check, and that it always cleans up. */
class NetworkNamespaceCheckTest {

    private static final CommandOutput WORKED = CommandOutput.exited(0, "", "");

    private static CheckResult run(FakeMachine machine) {
        return new NetworkNamespaceCheck().run(machine);
    }

    /** The namespace the check created must be the one it deleted. */
    private static void assertAddedThenDeletedTheSameNamespace(FakeMachine machine) {
        List<List<String>> commands = machine.commandsRun();
        assertEquals(2, commands.size(), commands.toString());
        assertEquals(List.of("ip", "netns", "add"), commands.get(0).subList(0, 3));
        assertEquals(List.of("ip", "netns", "delete"), commands.get(1).subList(0, 3));
        String namespace = commands.get(0).get(3);
        assertTrue(namespace.startsWith(NetworkNamespaceCheck.NAME_PREFIX), namespace);
        assertEquals(namespace, commands.get(1).get(3));
    }

    @Test
    void addAndDeleteWorkingIsOk() {
        FakeMachine machine = new FakeMachine().output("ip netns", WORKED);
        CheckResult result = run(machine);

        assertEquals(Verdict.OK, result.verdict(), result.line());
        assertAddedThenDeletedTheSameNamespace(machine);
    }

    @Test
    void eachRunUsesAFreshName() {
        FakeMachine machine = new FakeMachine().output("ip netns", WORKED);
        run(machine);
        run(machine);

        assertNotEquals(machine.commandsRun().get(0).get(3), machine.commandsRun().get(2).get(3));
    }

    @Test
    void withoutPermissionItWarnsToRunAsRoot() {
        FakeMachine machine = new FakeMachine()
                .output("ip netns add", CommandOutput.exited(1, "",
                        "mkdir /run/netns failed: Permission denied\n"))
                .output("ip netns delete", CommandOutput.exited(1, "", "No such file\n"));
        CheckResult result = run(machine);

        assertEquals(Verdict.WARN, result.verdict(), result.line());
        assertTrue(result.found().contains("Permission denied"), result.found());
        assertTrue(result.fix().contains("run as root"), result.fix());
        assertTrue(result.fix().contains("loopback"), result.fix());
        assertAddedThenDeletedTheSameNamespace(machine);
    }

    @Test
    void withoutIpItWarnsToInstallIproute2AndRunsNothingElse() {
        FakeMachine machine = new FakeMachine();
        CheckResult result = run(machine);

        assertEquals(Verdict.WARN, result.verdict(), result.line());
        assertTrue(result.fix().contains("apt-get install iproute2"), result.fix());
        assertEquals(1, machine.commandsRun().size());
    }

    @Test
    void aTimedOutAddIsStillCleanedUp() {
        FakeMachine machine = new FakeMachine()
                .output("ip netns add", CommandOutput.timedOut())
                .output("ip netns delete", WORKED);
        CheckResult result = run(machine);

        assertEquals(Verdict.WARN, result.verdict(), result.line());
        assertAddedThenDeletedTheSameNamespace(machine);
    }

    @Test
    void aNamespaceLeftBehindIsNamedWithTheCommandToDeleteIt() {
        FakeMachine machine = new FakeMachine()
                .output("ip netns add", WORKED)
                .output("ip netns delete", CommandOutput.exited(1, "", "Device busy\n"));
        CheckResult result = run(machine);

        String namespace = machine.commandsRun().get(0).get(3);
        assertEquals(Verdict.WARN, result.verdict(), result.line());
        assertEquals("delete it by hand: ip netns delete " + namespace, result.fix());
    }
}
