/**
 * Puts durations measured on several nodes' clocks on one clock, each with a strict error
 * bound (docs/sync-format.md):
 * {@link org.cloudprofiler.sync.translate.ClockTranslator} built from {@code sync.json}.
 *
 * <p>API: {@code ClockTranslator}, {@code TranslationMethod}, {@code TranslatedDuration} and the
 * exceptions; the clock maps behind them are the translator's own.
 */
package org.cloudprofiler.sync.translate;
