package org.cloudprofiler.analyzer.input;

import java.util.List;
import java.util.TreeSet;
import java.util.function.LongConsumer;
import org.cloudprofiler.analyzer.element.AnalysisElement.Kind;
import org.cloudprofiler.channel.IngestionChannel;
import org.cloudprofiler.channel.ProbePoint;

/**
 * What a generator's send channels ({@link IngestionChannel}, docs/generator.md) mean: sender
 * {@code t} of {@code T} logs each bucket it sent as two records, the bucket's first and last
 * tuple id, both with the TSC of the send; the bucket's tuples are the ids from the first to
 * the last in steps of {@code T}. {@code T} is the number of send channels, which a run opens
 * all at once: exactly tasks {@code 0 … T−1}. Stateless.
 */
public final class GeneratorSends {

    /** The component the send channels name. */
    static final String COMPONENT = IngestionChannel.COMPONENT;

    private GeneratorSends() {}

    /** Whether {@code channel} is read as one of a generator's send channels. */
    public static boolean isSendChannel(ChannelInfo channel) {
        return channel.generatorSends();
    }

    /**
     * Whether {@code channel} has a send channel's name and records; it is one unless
     * topology.json describes a component of that name ({@link LogSetScanner}).
     */
    static boolean isNamedLikeOne(ChannelInfo channel) {
        return channel.elementKind() == Kind.ID && COMPONENT.equals(channel.component())
                && channel.is(ProbePoint.OUT);
    }

    /**
     * The generator's sender count {@code T} in {@code channels}: how many send channels there
     * are if their tasks are exactly {@code 0 … T−1}; 0 if there are none, or if they are not
     * (then a bucket's ids cannot be told, see {@link #problem}).
     */
    public static int senderCount(List<ChannelInfo> channels) {
        TreeSet<Integer> tasks = sendTasks(channels);
        return !tasks.isEmpty() && tasks.size() == channelsOf(channels) && tasks.first() == 0
                && tasks.last() == tasks.size() - 1 ? tasks.size() : 0;
    }

    /** Why the send channels of {@code channels} cannot be used, or null if they can or none. */
    public static String problem(List<ChannelInfo> channels) {
        if (channelsOf(channels) == 0 || senderCount(channels) > 0) {
            return null;
        }
        return "the generator's send logs (" + IngestionChannel.COMPONENT + "/<sender>/out) are "
                + channelsOf(channels) + " file(s) of senders " + sendTasks(channels) + ", not"
                + " one for each sender 0 to T-1 of one run, so the tuples of a bucket cannot be"
                + " told: no hop from the generator is measured. Fix: give --logs the send logs"
                + " of exactly one generator run, all of them";
    }

    /**
     * Calls {@code tuple} with every id of the bucket logged as {@code firstId} and
     * {@code lastId} by one of {@code senderCount} senders; false, calling nothing, if the two
     * cannot be the ends of one bucket.
     */
    public static boolean forEachTuple(long firstId, long lastId, int senderCount,
            LongConsumer tuple) {
        if (lastId < firstId || (lastId - firstId) % senderCount != 0) {
            return false;
        }
        for (long id = firstId; id <= lastId && id >= firstId; id += senderCount) {
            tuple.accept(id);
        }
        return true;
    }

    private static TreeSet<Integer> sendTasks(List<ChannelInfo> channels) {
        TreeSet<Integer> tasks = new TreeSet<>();
        channels.stream().filter(GeneratorSends::isSendChannel)
                .forEach(channel -> tasks.add(channel.task()));
        return tasks;
    }

    private static long channelsOf(List<ChannelInfo> channels) {
        return channels.stream().filter(GeneratorSends::isSendChannel).count();
    }
}
