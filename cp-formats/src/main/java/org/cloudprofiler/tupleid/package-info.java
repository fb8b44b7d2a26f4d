/**
 * Tuple ids as the engines mint them and the analyzer reads them back (docs/design.md, "Tuple
 * lineage: which id a record carries"), and which roots a sampled run logs ("Sampling: which
 * records are logged").
 */
package org.cloudprofiler.tupleid;
