package org.cloudprofiler.analyzer.source.split;

/** The mutable progress of a {@link LogFileSplit} while a reader owns it. Not thread-safe. */
public final class LogFileSplitState {

    private final LogFileSplit split;
    private long resumeOffset;

    public LogFileSplitState(LogFileSplit split) {
        this.split = split;
        this.resumeOffset = split.resumeOffset();
    }

    /** Everything before {@code offset} has been emitted. */
    public void advanceTo(long offset) {
        resumeOffset = Math.max(resumeOffset, offset);
    }

    /** The split as it stands, for a checkpoint. */
    public LogFileSplit toSplit() {
        return new LogFileSplit(split.channel(), split.path(), resumeOffset);
    }
}
