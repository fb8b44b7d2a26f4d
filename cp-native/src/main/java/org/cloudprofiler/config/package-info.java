/**
 * Configuration read by every engine integration: the keys with their defaults and
 * descriptions ({@link org.cloudprofiler.config.CpOptions}, docs/configuration.md), and the
 * handler chosen for each channel by pattern ({@link org.cloudprofiler.config.CpSettings}).
 *
 * <p>API.
 */
package org.cloudprofiler.config;
