/**
 * Internal: the poison pill that ends a profiled run, its stream and how each task forwards it.
 * Used by the profiled components; not API.
 */
package org.cloudprofiler.storm.pill;
