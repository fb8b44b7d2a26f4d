package org.cloudprofiler.flink.profile;

import org.apache.flink.api.common.operators.MailboxExecutor;
import org.apache.flink.util.FlinkRuntimeException;
import org.apache.flink.util.function.ThrowingRunnable;

/**
 * The mailbox a profiled operator gets: an operator that yields to the mailbox in the middle of
 * a record (asynchronous I/O with a full queue) lets other work run on the thread, the results of
 * earlier records, timers of other operators of the chain; while it runs, no record is current
 * in any operator of the thread and no id is in hand, so that work carries none of theirs.
 * Everything else is the task's mailbox.
 */
final class ProfilingMailboxExecutor implements MailboxExecutor {
    private final MailboxExecutor mailbox;

    ProfilingMailboxExecutor(MailboxExecutor mailbox) {
        this.mailbox = mailbox;
    }

    @Override
    public void execute(MailOptions mailOptions, ThrowingRunnable<? extends Exception> command,
            String descriptionFormat, Object... descriptionArgs) {
        mailbox.execute(mailOptions, command, descriptionFormat, descriptionArgs);
    }

    @Override
    public void yield() throws InterruptedException, FlinkRuntimeException {
        TupleIdRegister register = TupleIdRegister.ofThisThread();
        long[] suspended = register.suspend();
        try {
            mailbox.yield();
        } finally {
            register.resume(suspended);
        }
    }

    @Override
    public boolean tryYield() throws FlinkRuntimeException {
        TupleIdRegister register = TupleIdRegister.ofThisThread();
        long[] suspended = register.suspend();
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
