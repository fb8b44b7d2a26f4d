// How the shipped and the test library's JNI_OnLoad bind cp-native's JNI layer: internal to
// cp-native, so not in the public headers of api/ that cp-generator builds against.
#pragma once

#include <jni.h>

namespace cloudprofiler {

// Registers libcloudprofiler's natives (cloudprofiler_jni.cpp), the sync service's among them;
// false if that failed.
bool registerProfilerNatives(JNIEnv* env);
// Registers the sync service's natives (sync_jni.cpp); false if that failed.
bool registerSyncNatives(JNIEnv* env);

}  // namespace cloudprofiler
