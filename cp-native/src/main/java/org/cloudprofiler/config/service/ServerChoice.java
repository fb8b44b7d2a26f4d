package org.cloudprofiler.config.service;

import org.cloudprofiler.config.HandlerRule;

/**
 * The configuration server's answer for one channel. Immutable.
 *
 * @param generation the server's rules generation when it answered
 * @param rule the first of its rules that matches the channel, {@code null} if none does (the
 *     channel keeps the handler it asked for)
 */
public record ServerChoice(long generation, HandlerRule rule) {}
