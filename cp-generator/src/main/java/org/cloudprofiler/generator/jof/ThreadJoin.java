package org.cloudprofiler.generator.jof;

import java.util.List;

/** Waiting for the JOF's own threads to end, from any thread. */
final class ThreadJoin {
    private ThreadJoin() {}

    /**
     * Waits until every thread has ended. An interrupt does not cut the wait short, because
     * {@code close()} must not return while a thread still uses what it is about to free; the
     * interrupt is passed on once the wait is over.
     */
    static void joinAll(List<Thread> threads) {
        boolean interrupted = false;
        for (Thread thread : threads) {
            while (thread.isAlive()) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
