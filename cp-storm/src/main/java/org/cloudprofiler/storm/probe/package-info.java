/**
 * Internal: a task's probe channels and Storm metrics, logged by the profiled collectors. Not
 * API.
 */
package org.cloudprofiler.storm.probe;
