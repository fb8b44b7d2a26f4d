package org.cloudprofiler.flink.profile;

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

    /** Whether this is the calling thread's register. */
    boolean ownedByThisThread() {
        return owner == Thread.currentThread();
    }
}
