/**
 * Internal: the hops of a topology and the join of each tuple's records across channels into hop
 * samples. Not API.
 */
package org.cloudprofiler.analyzer.join;
