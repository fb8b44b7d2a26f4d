/**
 * The {@code cloudprofiler} command (picocli). Not a library API: run it, do not call it.
 */
package org.cloudprofiler.cli;
