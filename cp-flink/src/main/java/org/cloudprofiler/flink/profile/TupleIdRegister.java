package org.cloudprofiler.flink.profile;

import java.util.ArrayList;
import java.util.List;
import org.cloudprofiler.probe.TaskProbe;

/**
 * The ids of the record being handed from one operator to the next on a task's thread: its id
 * and its root, the id of the source record it descends from (docs/design.md, "Tuple lineage").
 * The profiled output of an operator writes them just before it hands a record on, and whoever
 * takes the record next reads them there (a chained operator's profiled input, or the serializer
 * that writes them ahead of the record on a network exchange; on the receiving side that
 * serializer writes the ids it read). Sources that know their records' ids (JofSource, a
 * profiled KafkaSource deserializer) write the id before they collect a record.
 *
 * <p>One register per thread: a Flink task runs its whole operator chain, its serializers and
 * its source reader's emits on one thread (a legacy source's records run on a thread of their
 * own, with its register). Not thread-safe; each thread uses its own.
 */
public final class TupleIdRegister {

    private static final ThreadLocal<TupleIdRegister> REGISTERS =
            ThreadLocal.withInitial(TupleIdRegister::new);

    private final Thread owner = Thread.currentThread();
    private final List<SubtaskProfiler> profilers = new ArrayList<>();
    private long id = TaskProbe.NO_ID;
    private long root = TaskProbe.NO_ID;

    private TupleIdRegister() {}

    /** The calling thread's register. Look it up once and keep it: this is a thread-local. */
    public static TupleIdRegister ofThisThread() {
        return REGISTERS.get();
    }

    /** The id of the record in hand, {@link TaskProbe#NO_ID} if it has none. */
    public long id() {
        return id;
    }

    /** The root of the record in hand, {@link TaskProbe#NO_ID} if it has none. */
    public long root() {
        return root;
    }

    /** Sets the id of a source record about to be handed on: its own root. */
    public void set(long id) {
        set(id, id);
    }

    /** Sets the ids of the record about to be handed on. */
    public void set(long id, long root) {
        this.id = id;
        this.root = root;
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
     * the ids in hand and every operator's lineage state are put aside, so that what runs
     * meanwhile is outside every record.
     *
     * @return what {@link #resume} puts back
     */
    Suspended suspend() {
        TaskProbe.Suspended[] probes = new TaskProbe.Suspended[profilers.size()];
        for (int i = 0; i < probes.length; i++) {
            probes[i] = profilers.get(i).suspend();
        }
        Suspended suspended = new Suspended(id, root, probes);
        set(TaskProbe.NO_ID);
        return suspended;
    }

    /** Back from the other work: what {@link #suspend} put aside is in hand again. */
    void resume(Suspended suspended) {
        set(suspended.id, suspended.root);
        for (int i = 0; i < profilers.size() && i < suspended.probes.length; i++) {
            profilers.get(i).resume(suspended.probes[i]);
        }
    }

    /** Whether this is the calling thread's register. */
    boolean ownedByThisThread() {
        return owner == Thread.currentThread();
    }

    /** What {@link #suspend} put aside. */
    record Suspended(long id, long root, TaskProbe.Suspended[] probes) {}
}
