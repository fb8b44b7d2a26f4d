package org.cloudprofiler.flink.profile;

import org.apache.flink.api.common.operators.MailboxExecutor;
import org.apache.flink.util.FlinkRuntimeException;
import org.apache.flink.util.function.ThrowingRunnable;

/**
 * The mailbox a profiled operator gets. A mail the operator sends itself (an asynchronous
 * result, a deferred emit) runs as work outside the processing of a record: what it emits is
 * minted at the operator, its {@code in} where the mail ran. An operator that yields to the
 * mailbox in the middle of a record (asynchronous I/O with a full queue) lets other work run on
 * the thread, the results of earlier records, timers of other operators of the chain; while it
 * runs, every operator of the thread is outside its record and no id is in hand, so that work
 * carries none of theirs. Everything else is the task's mailbox.
 */
final class ProfilingMailboxExecutor implements MailboxExecutor {
    private final MailboxExecutor mailbox;
    private final SubtaskProfiler profiler;

    ProfilingMailboxExecutor(MailboxExecutor mailbox, SubtaskProfiler profiler) {
        this.mailbox = mailbox;
        this.profiler = profiler;
    }

    @Override
    public void execute(MailOptions mailOptions, ThrowingRunnable<? extends Exception> command,
            String descriptionFormat, Object... descriptionArgs) {
        mailbox.execute(mailOptions, () -> profiler.runTriggered(command), descriptionFormat,
                descriptionArgs);
    }

    @Override
    public void yield() throws InterruptedException, FlinkRuntimeException {
        TupleIdRegister register = TupleIdRegister.ofThisThread();
        TupleIdRegister.Suspended suspended = register.suspend();
        try {
            mailbox.yield();
        } finally {
            register.resume(suspended);
        }
    }

    @Override
    public boolean tryYield() throws FlinkRuntimeException {
        TupleIdRegister register = TupleIdRegister.ofThisThread();
        TupleIdRegister.Suspended suspended = register.suspend();
        try {
            return mailbox.tryYield();
        } finally {
            register.resume(suspended);
        }
    }

    @Override
    public boolean shouldInterrupt() {
        return mailbox.shouldInterrupt();
    }
}
