// The entry point of the shipped libcloudprofiler.so. The test library has its own
// (src/test/cpp/jni/testing_jni_onload.cpp), which installs the test hooks first.
#include <jni.h>

#include "register_natives.h"

extern "C" JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM* vm, void*) {
    JNIEnv* env = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION_1_8) != JNI_OK ||
        !cloudprofiler::registerProfilerNatives(env)) {
        return JNI_ERR;
    }
    return JNI_VERSION_1_8;
}
