/**
 * Internal: the JNI entry points of the sync service. Not API.
 */
package org.cloudprofiler.sync.service.internal;
