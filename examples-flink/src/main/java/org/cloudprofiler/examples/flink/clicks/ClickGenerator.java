package org.cloudprofiler.examples.flink.clicks;

import java.util.List;
import java.util.SplittableRandom;

import org.apache.flink.connector.datagen.source.GeneratorFunction;

/**
 * Click {@code i} of a seeded click stream: a user and a page drawn from a random generator
 * seeded with the seed and {@code i}, so that the stream is the same in every run whatever the
 * parallelism; clicks lie {@link #MS_BETWEEN_CLICKS} ms of event time apart, from time 0.
 * Stateless.
 */
public final class ClickGenerator implements GeneratorFunction<Long, Click> {
    private static final long serialVersionUID = 1L;

    /** Event time between two consecutive clicks. */
    public static final long MS_BETWEEN_CLICKS = 2;

    /** The site's pages, as browsers send them: mixed case, some with a query string. */
    static final List<String> PAGES = List.of("/Home", "/home?ref=ad", "/Products",
            "/products/42", "/Cart", "/checkout?step=2", "/About", "/help");
    private static final int USERS = 50;

    private final long seed;

    public ClickGenerator(long seed) {
        this.seed = seed;
    }

    @Override
    public Click map(Long index) {
        SplittableRandom random = new SplittableRandom(seed * 1_000_003L + index);
        return new Click("user-" + random.nextInt(USERS), PAGES.get(random.nextInt(PAGES.size())),
                index * MS_BETWEEN_CLICKS);
    }
}
