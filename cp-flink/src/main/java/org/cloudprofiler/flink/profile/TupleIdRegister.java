package org.cloudprofiler.flink.profile;

import java.util.ArrayList;
import java.util.List;
import org.cloudprofiler.probe.TaskProbe;

/**
 * The id of the record being handed from one operator to the next on a task's thread: the
 * profiled output of an operator writes it just before it hands a record on, and whoever takes the
 * record next reads it there (a chained operator's profiled input, or the serializer that writes
 * the id ahead of the record on a network exchange; on the receiving side that serializer writes
 * the id it read). Sources that know their records' ids (JofSource, a profiled KafkaSource
 * deserializer) write it before they collect a record.
 *
 * <p>One register per thread: a Flink task runs its whole operator chain, its serializers and
 * its source reader's emits on one thread. Not thread-safe; each thread uses its own.
 */
public final class TupleIdRegister {

    private static final ThreadLocal<TupleIdRegister> REGISTERS =
            ThreadLocal.withInitial(TupleIdRegister::new);

    private final Thread owner = Thread.currentThread();
    private final List<SubtaskProfiler> profilers = new ArrayList<>();
    private long id = TaskProbe.NO_ID;

    private TupleIdRegister() {}

    /** The calling thread's register. Look it up once and keep it: this is a thread-local. */
    public static TupleIdRegister ofThisThread() {
        return REGISTERS.get();
    }

    /** The id of the record in hand, {@link TaskProbe#NO_ID} if it has none. */
    public long id() {
        return id;
    }

    /** Sets the id of the record about to be handed on. */
    public void set(long id) {
        this.id = id;
    }

    /** {@code profiler}'s operator runs on this thread: it is suspended with the others. */
    void attach(SubtaskProfiler profiler) {
        profilers.add(profiler);
    }

    void detach(SubtaskProfiler profiler) {
        profilers.remove(profiler);
    }

    /**
     * The thread leaves the records in hand for other work (a mailbox yield inside an operator):
     * the id in hand and every operator's current record are put aside, so that what runs
     * meanwhile carries none of them.
     *
     * @return what {@link #resume} puts back
     */
    long[] suspend() {
        long[] saved = new long[profilers.size() + 1];
        saved[0] = id;
        id = TaskProbe.NO_ID;
        for (int i = 0; i < profilers.size(); i++) {
            saved[i + 1] = profilers.get(i).suspend();
        }
        return saved;
    }

    /** Back from the other work: what {@link #suspend} put aside is in hand again. */
    void resume(long[] saved) {
        id = saved[0];
        for (int i = 0; i < profilers.size() && i + 1 < saved.length; i++) {
            profilers.get(i).resume(saved[i + 1]);
        }
    }

    /** Whether this is the calling thread's register. */
    boolean ownedByThisThread() {
        return owner == Thread.currentThread();
    }
}
