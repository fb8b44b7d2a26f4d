// The entry point of the test library libcloudprofiler_testing.so: the shipped JNI layer and
// core, plus the test hooks read from the environment before any native is called.
#include <jni.h>

#include "jni/register_natives.h"
#include "test_hooks.h"

extern "C" JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM* vm, void*) {
    JNIEnv* env = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION_1_8) != JNI_OK) {
        return JNI_ERR;
    }
    cloudprofiler::installTestHooksFromEnvironment();
    return cloudprofiler::registerProfilerNatives(env) ? JNI_VERSION_1_8 : JNI_ERR;
}
