package org.cloudprofiler.flink.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.operators.MailboxExecutor;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.util.function.ThrowingRunnable;
import org.cloudprofiler.probe.TaskProbe;
import org.cloudprofiler.topology.TopologyDescription;
import org.junit.jupiter.api.Test;

/**
 * An operator that yields to the mailbox in the middle of a record: what runs meanwhile sees no
 * current record in any operator of the thread and no id in hand; afterwards both are back.
 */
class ProfilingMailboxExecutorTest {

    @Test
    void aYieldSuspendsTheRecordsInHandAndPutsThemBack() throws Exception {
        OperatorProfile profile = new OperatorProfile("yielding", new boolean[] {true},
                Map.of("cloudprofiler.enabled", "false"), new TopologyDescription(
                        TopologyDescription.FORMAT, "flink", "t", null, null, null, null, null,
                        List.of(), List.of(), List.of()));
        SubtaskProfiler upstream = SubtaskProfiler.create(profile, 0, 1,
                new UnregisteredMetricsGroup());
        SubtaskProfiler yielding = SubtaskProfiler.create(profile, 0, 1,
                new UnregisteredMetricsGroup());
        upstream.open("run");
        yielding.open("run");
        TupleIdRegister register = TupleIdRegister.ofThisThread();
        register.set(42);
        long upstreamEntered = upstream.enter(0, true);
        long entered = yielding.enter(0, true);
        List<Long> seen = new ArrayList<>();
        MailboxExecutor mailbox = new ProfilingMailboxExecutor(new RunsOneMail(() -> {
            seen.add(register.id());
            seen.add(upstream.currentId());
            seen.add(yielding.currentId());
        }));

        mailbox.yield();

        assertEquals(List.of(TaskProbe.NO_ID, TaskProbe.NO_ID, TaskProbe.NO_ID), seen);
        assertEquals(42, register.id());
        assertEquals(42, upstream.currentId());
        assertEquals(42, yielding.currentId());
        yielding.exit(entered);
        upstream.exit(upstreamEntered);
        yielding.retire();
        upstream.retire();
    }

    /** A mailbox whose yield runs one mail on the calling thread. */
    private record RunsOneMail(ThrowingRunnable<Exception> mail) implements MailboxExecutor {
        @Override
        public void execute(MailOptions mailOptions,
                ThrowingRunnable<? extends Exception> command, String descriptionFormat,
                Object... descriptionArgs) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void yield() {
            try {
                mail.run();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
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
