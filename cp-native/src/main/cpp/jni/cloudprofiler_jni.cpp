// The JNI layer: converts arguments, calls the C++ API, turns ProfilerError into the matching
// Java exception. Natives are bound with RegisterNatives in JNI_OnLoad, so the library exports
// nothing but JNI_OnLoad.
#include <jni.h>

#include <string>

#include "../cloudprofiler.h"
#include "../profiler_error.h"
#include "../warnings.h"

namespace cloudprofiler {
namespace {

void throwJava(JNIEnv* env, const char* className, const std::string& message) {
    jclass type = env->FindClass(className);
    if (type != nullptr) {
        env->ThrowNew(type, message.c_str());
    }
}

// Runs `body`; a C++ exception becomes a Java exception instead of crossing into the JVM.
template <typename Result, typename Body>
Result guarded(JNIEnv* env, Result failed, Body&& body) {
    try {
        return body();
    } catch (const ProfilerError& e) {
        switch (e.kind()) {
            case ProfilerError::Kind::kInvalidArgument:
                throwJava(env, "java/lang/IllegalArgumentException", e.what());
                break;
            case ProfilerError::Kind::kIllegalState:
                throwJava(env, "java/lang/IllegalStateException", e.what());
                break;
            case ProfilerError::Kind::kEnvironment:
                throwJava(env, "org/cloudprofiler/CloudProfilerException", e.what());
                break;
        }
    } catch (const std::exception& e) {
        throwJava(env, "org/cloudprofiler/CloudProfilerException",
                  std::string("internal error: ") + e.what());
    }
    return failed;
}

std::string toUtf8(JNIEnv* env, jstring text) {
    const char* chars = env->GetStringUTFChars(text, nullptr);
    if (chars == nullptr) {
        return std::string();
    }
    std::string result(chars);
    env->ReleaseStringUTFChars(text, chars);
    return result;
}

jlongArray toLongArray(JNIEnv* env, std::initializer_list<uint64_t> values) {
    jlongArray array = env->NewLongArray(static_cast<jsize>(values.size()));
    if (array == nullptr) {
        return nullptr;
    }
    jsize index = 0;
    for (uint64_t value : values) {
        jlong element = static_cast<jlong>(value);
        env->SetLongArrayRegion(array, index++, 1, &element);
    }
    return array;
}

jlong JNICALL openChannel0(JNIEnv* env, jclass, jstring name, jint format, jint handler,
                           jboolean multiWriter) {
    std::string channelName = toUtf8(env, name);
    return guarded<jlong>(env, 0, [&] {
        return static_cast<jlong>(openChannel(channelName, static_cast<Codec>(format),
                                              static_cast<HandlerType>(handler),
                                              multiWriter == JNI_TRUE));
    });
}

void JNICALL parameterize0(JNIEnv* env, jclass, jlong channel, jint index, jlong value) {
    guarded<int>(env, 0, [&] {
        parameterize(static_cast<ChannelHandle>(channel), index, value);
        return 0;
    });
}

jboolean JNICALL logTS0(JNIEnv*, jclass, jlong channel, jlong tupleId) noexcept {
    return logTS(static_cast<ChannelHandle>(channel), tupleId) ? JNI_TRUE : JNI_FALSE;
}

jboolean JNICALL logTSAt0(JNIEnv*, jclass, jlong channel, jlong tupleId, jlong tsc) noexcept {
    return logTS(static_cast<ChannelHandle>(channel), tupleId, static_cast<uint64_t>(tsc))
               ? JNI_TRUE
               : JNI_FALSE;
}

jlong JNICALL readTsc0(JNIEnv*, jclass) { return static_cast<jlong>(readTsc()); }

jlong JNICALL tscHz0(JNIEnv*, jclass) { return static_cast<jlong>(tscHz()); }

jboolean JNICALL closeChannel0(JNIEnv* env, jclass, jlong channel) {
    return guarded<jboolean>(env, JNI_FALSE, [&] {
        return closeChannel(static_cast<ChannelHandle>(channel)) ? JNI_TRUE : JNI_FALSE;
    });
}

jlongArray JNICALL channelStats0(JNIEnv* env, jclass, jlong channel) {
    ChannelStats stats;
    if (!channelStats(static_cast<ChannelHandle>(channel), &stats)) {
        return nullptr;
    }
    const AckStats& acks = stats.acks;
    return toLongArray(env, {stats.accepted, stats.filtered, stats.recorded, stats.dropped,
                             stats.rejected, stats.stalls, stats.stallNs, acks.matched,
                             acks.unknown, acks.malformed, acks.wrongToken, acks.unacked,
                             acks.sendFailures});
}

jlongArray JNICALL profilerStats0(JNIEnv* env, jclass) {
    ProfilerStats stats = profilerStats();
    return toLongArray(env, {stats.openChannels, stats.invalidHandles, stats.blocksInFlight,
                             stats.bytesInFlight, stats.budgetBytes, stats.bytesWritten,
                             stats.writeErrors, stats.droppedRecords, stats.failedCalls});
}

jstring JNICALL logDirectory0(JNIEnv* env, jclass) {
    return guarded<jstring>(env, nullptr,
                            [&] { return env->NewStringUTF(logDirectory().c_str()); });
}

jobjectArray JNICALL warnings0(JNIEnv* env, jclass) {
    std::vector<std::string> messages = Warnings::all();
    jclass stringClass = env->FindClass("java/lang/String");
    if (stringClass == nullptr) {
        return nullptr;
    }
    jobjectArray array =
        env->NewObjectArray(static_cast<jsize>(messages.size()), stringClass, nullptr);
    for (size_t i = 0; array != nullptr && i < messages.size(); ++i) {
        jstring message = env->NewStringUTF(messages[i].c_str());
        if (message == nullptr) {
            return nullptr;
        }
        env->SetObjectArrayElement(array, static_cast<jsize>(i), message);
        env->DeleteLocalRef(message);
    }
    return array;
}

void JNICALL shutdown0(JNIEnv*, jclass) { shutdown(); }

#define NATIVE(name, signature) {const_cast<char*>(#name), const_cast<char*>(signature), \
                                 reinterpret_cast<void*>(name)}

const JNINativeMethod kMethods[] = {
    NATIVE(openChannel0, "(Ljava/lang/String;IIZ)J"),
    NATIVE(parameterize0, "(JIJ)V"),
    NATIVE(logTS0, "(JJ)Z"),
    NATIVE(logTSAt0, "(JJJ)Z"),
    NATIVE(readTsc0, "()J"),
    NATIVE(tscHz0, "()J"),
    NATIVE(closeChannel0, "(J)Z"),
    NATIVE(channelStats0, "(J)[J"),
    NATIVE(profilerStats0, "()[J"),
    NATIVE(logDirectory0, "()Ljava/lang/String;"),
    NATIVE(warnings0, "()[Ljava/lang/String;"),
    NATIVE(shutdown0, "()V"),
};

}  // namespace
}  // namespace cloudprofiler

extern "C" JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM* vm, void*) {
    JNIEnv* env = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION_1_8) != JNI_OK) {
        return JNI_ERR;
    }
    jclass api = env->FindClass("org/cloudprofiler/CloudProfiler");
    if (api == nullptr) {
        return JNI_ERR;
    }
    jint count = static_cast<jint>(sizeof(cloudprofiler::kMethods) / sizeof(JNINativeMethod));
    if (env->RegisterNatives(api, cloudprofiler::kMethods, count) != JNI_OK) {
        return JNI_ERR;
    }
    return JNI_VERSION_1_8;
}
