package org.cloudprofiler.examples.flink.clicks;

/** How often one page was clicked in the window that starts at {@code windowStartMs}. */
public record PageClicks(String page, long windowStartMs, long clicks) {}
