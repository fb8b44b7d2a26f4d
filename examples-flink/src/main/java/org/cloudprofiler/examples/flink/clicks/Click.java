package org.cloudprofiler.examples.flink.clicks;

/**
 * One click on a web page, as a click stream delivers it: who clicked, which page (a path, as
 * the browser sent it), and when, in ms since the epoch of event time.
 */
public record Click(String user, String page, long timestampMs) {}
