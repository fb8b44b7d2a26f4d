package org.cloudprofiler.flink.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.operators.MailboxExecutor;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.util.function.ThrowingRunnable;
import org.cloudprofiler.probe.TaskProbe;
import org.cloudprofiler.topology.ComponentRole;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.tupleid.MintedTupleIds;
import org.junit.jupiter.api.Test;

/**
 * The mailbox of a profiled operator: a mail it sends itself runs outside the processing of a
 * record, and while an operator yields in the middle of a record, what runs meanwhile is outside
 * every record of the thread, with no id in hand; afterwards the record is in hand again.
 */
class ProfilingMailboxExecutorTest {
    private static final OperatorProfile PROFILE = new OperatorProfile("yielding",
            new boolean[] {true}, Map.of("cloudprofiler.enabled", "false"),
            new TopologyDescription(TopologyDescription.FORMAT, "flink", "t", null, null, null,
                    null, null, null, List.of(new TopologyDescription.Component("yielding", null,
                            "operator", ComponentRole.INNER, "yielding", 1, List.of(),
                            3 << 12)), List.of(), List.of()));

    @Test
    void aYieldPutsTheRecordsInHandAsideAndBack() throws Exception {
        SubtaskProfiler upstream = opened();
        SubtaskProfiler yielding = opened();
        TupleIdRegister register = TupleIdRegister.ofThisThread();
        register.set(42, 40);
        upstream.enter(0, true);
        yielding.enter(0, true);
        List<Long> seen = new ArrayList<>();
        MailboxExecutor mailbox = new ProfilingMailboxExecutor(new RunsMails(() -> {
            seen.add(register.id());
            yielding.handOff();
            seen.add(register.id());
            seen.add(register.root());
        }), yielding);

        mailbox.yield();

        assertEquals(TaskProbe.NO_ID, seen.get(0), "no id in hand meanwhile");
        assertTrue(MintedTupleIds.isMinted(seen.get(1)), "emitted outside the record: minted");
        assertEquals(seen.get(1), seen.get(2), "its own root");
        assertEquals(3 << 12, MintedTupleIds.origin(seen.get(1)));
        assertEquals(42, register.id());
        yielding.handOff();
        assertEquals(42, register.id(), "the record's first output keeps its ids");
        assertEquals(40, register.root());
        yielding.exit();
        upstream.exit();
        yielding.retire();
        upstream.retire();
    }

    @Test
    void aMailTheOperatorSendsItselfRunsOutsideAnyRecord() throws Exception {
        SubtaskProfiler profiler = opened();
        TupleIdRegister register = TupleIdRegister.ofThisThread();
        List<Long> emitted = new ArrayList<>();
        MailboxExecutor mailbox = new ProfilingMailboxExecutor(new RunsMails(() -> {}),
                profiler);

        mailbox.execute(() -> {
            profiler.handOff();
            emitted.add(register.id());
            emitted.add(register.root());
        }, "an asynchronous result");

        assertTrue(MintedTupleIds.isMinted(emitted.get(0)));
        assertEquals(emitted.get(0), emitted.get(1));
        profiler.retire();
    }

    private static SubtaskProfiler opened() {
        SubtaskProfiler profiler = SubtaskProfiler.create(PROFILE, 0, 1, 0,
                new UnregisteredMetricsGroup());
        profiler.open("run");
        return profiler;
    }

    /** A mailbox that runs mails at once, and whose yield runs one given mail. */
    private record RunsMails(ThrowingRunnable<Exception> mail) implements MailboxExecutor {
        @Override
        public void execute(MailOptions mailOptions,
                ThrowingRunnable<? extends Exception> command, String descriptionFormat,
                Object... descriptionArgs) {
            try {
                command.run();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void yield() {
            execute(MailOptions.options(), mail, "yielded to");
        }

        @Override
        public boolean tryYield() {
            this.yield();
            return true;
        }

        @Override
        public boolean shouldInterrupt() {
            return false;
        }
    }
}
