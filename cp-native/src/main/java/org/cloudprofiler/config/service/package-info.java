/**
 * The configuration server and its client (docs/config-protocol.md): rules in the syntax of
 * {@code cloudprofiler.handlers}, served over UDP, changed at run time by
 * {@code cloudprofiler config} or by editing the server's rules file.
 *
 * <p>API.
 */
package org.cloudprofiler.config.service;
