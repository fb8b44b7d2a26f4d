package org.cloudprofiler.config;

/**
 * One configuration key: its name, its default as the user would write it, and what it means.
 * Immutable, so safe to share between threads.
 *
 * @param key the key as it appears in a Storm topology config or a Flink configuration
 * @param defaultValue the value used when the key is absent, in the key's own syntax
 * @param description one sentence for documentation and error messages
 */
public record CpOption(String key, String defaultValue, String description) {}
