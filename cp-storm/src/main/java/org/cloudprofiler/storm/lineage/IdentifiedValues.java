package org.cloudprofiler.storm.lineage;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * A tuple's values with its tuple id and root beside them (docs/design.md, "Tuple lineage"): what
 * the profiling collectors hand Storm instead of the user's list, so the ids travel with the
 * tuple inside a worker (as the same object) and between workers (written by
 * {@link IdentifiedValuesSerializer}) while every user component sees exactly its own values.
 * Reads and writes go to the wrapped list, so a bolt that changes the values it received (which
 * Storm allows on a deserialized tuple) may still do so.
 */
public final class IdentifiedValues extends AbstractList<Object> implements RandomAccess {

    private final List<Object> values;
    private final long id;
    private final long root;

    /** {@code values}, the user's own list (not copied), carrying {@code id} and {@code root}. */
    public IdentifiedValues(List<Object> values, long id, long root) {
        this.values = values;
        this.id = id;
        this.root = root;
    }

    /** The tuple's id. */
    public long id() {
        return id;
    }

    /** The id of the source record the tuple descends from; its own id for a source record. */
    public long root() {
        return root;
    }

    /**
     * The ids {@code values} carries, or {@code null} if it carries none. Storm's local mode
     * hands bolts the emitted list wrapped in {@code Collections.unmodifiableList}, which hides
     * this class but passes {@code equals} through to it: the finder is handed in that way.
     *
     * @param finder reused by one thread, which calls this method only
     */
    public static IdentifiedValues of(List<Object> values, Finder finder) {
        if (values instanceof IdentifiedValues identified) {
            return identified;
        }
        finder.found = null;
        values.equals(finder);
        return finder.found;
    }

    @Override
    public Object get(int index) {
        return values.get(index);
    }

    @Override
    public int size() {
        return values.size();
    }

    @Override
    public Object set(int index, Object element) {
        return values.set(index, element);
    }

    @Override
    public void add(int index, Object element) {
        values.add(index, element);
        modCount++;
    }

    @Override
    public Object remove(int index) {
        modCount++;
        return values.remove(index);
    }

    /** As a list's, except that a {@link Finder} is told of this list (and is not equal). */
    @Override
    public boolean equals(Object other) {
        if (other instanceof Finder finder) {
            finder.found = this;
            return false;
        }
        return super.equals(other);
    }

    @Override
    public int hashCode() {
        return super.hashCode();
    }

    /** What {@link #of} finds through a wrapper; one per thread, which alone uses it. */
    public static final class Finder {
        private IdentifiedValues found;
    }
}
