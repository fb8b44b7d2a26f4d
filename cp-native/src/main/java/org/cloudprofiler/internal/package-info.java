/**
 * Internal: loading the native library. Used by cp-native and cp-generator only; not API, may
 * change in any release.
 */
package org.cloudprofiler.internal;
