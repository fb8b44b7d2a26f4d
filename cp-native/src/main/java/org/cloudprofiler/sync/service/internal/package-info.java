/**
 * Internal: the JNI entry points of the sync service and the records they pass. Not API.
 */
package org.cloudprofiler.sync.service.internal;
