/**
 * Tuple ids as the engines mint them and the analyzer reads them back (docs/design.md, "Tuple
 * lineage: which id a record carries").
 */
package org.cloudprofiler.tupleid;
