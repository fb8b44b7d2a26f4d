/**
 * {@code cloudprofiler doctor}: the checks of whether this machine's clock can be trusted. Not a
 * library API.
 */
package org.cloudprofiler.cli.doctor;
