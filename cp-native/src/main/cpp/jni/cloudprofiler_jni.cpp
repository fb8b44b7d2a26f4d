// The JNI layer: converts arguments, calls the C++ API, turns ProfilerError into the matching
// Java exception. Natives are bound with RegisterNatives in JNI_OnLoad, so the library exports
// nothing but JNI_OnLoad.
#include <jni.h>

#include <string>

#include "../clock_probe.h"
#include "../cloudprofiler.h"
#include "../log_api.h"
#include "../membarrier_probe.h"
#include "../profiler_error.h"
#include "../warnings.h"
#include "jni_support.h"

namespace cloudprofiler {
namespace {

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

jlong JNICALL nativeLogApi0(JNIEnv*, jclass) {
    return static_cast<jlong>(reinterpret_cast<uintptr_t>(logApi()));
}

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

jobjectArray JNICALL warnings0(JNIEnv* env, jclass) { return toStringArray(env, Warnings::all()); }

void JNICALL shutdown0(JNIEnv*, jclass) { shutdown(); }

jint JNICALL clockSource0(JNIEnv*, jclass) { return static_cast<jint>(TscClock::source()); }

jdoubleArray JNICALL measureReadCost0(JNIEnv* env, jclass, jint batches, jint readsPerBatch) {
    return guarded<jdoubleArray>(env, nullptr, [&]() -> jdoubleArray {
        ClockReadCost cost = measureClockReadCost(batches, readsPerBatch);
        jdoubleArray array = env->NewDoubleArray(2);
        if (array != nullptr) {
            const jdouble values[] = {cost.minNs, cost.medianNs};
            env->SetDoubleArrayRegion(array, 0, 2, values);
        }
        return array;
    });
}

jlongArray JNICALL kernelTimeStatus0(JNIEnv* env, jclass) {
    return guarded<jlongArray>(env, nullptr, [&] {
        KernelTimeStatus status = readKernelTimeStatus();
        return toLongArray(env, {static_cast<uint64_t>(status.clockState),
                                 static_cast<uint64_t>(status.statusBits),
                                 static_cast<uint64_t>(status.offsetNs),
                                 static_cast<uint64_t>(status.maxErrorUs),
                                 static_cast<uint64_t>(status.estimatedErrorUs)});
    });
}

jint JNICALL membarrierCommands0(JNIEnv*, jclass) {
    return static_cast<jint>(membarrierCommands());
}

const JNINativeMethod kMethods[] = {
    NATIVE(openChannel0, "(Ljava/lang/String;IIZ)J"),
    NATIVE(parameterize0, "(JIJ)V"),
    NATIVE(logTS0, "(JJ)Z"),
    NATIVE(logTSAt0, "(JJJ)Z"),
    NATIVE(readTsc0, "()J"),
    NATIVE(tscHz0, "()J"),
    NATIVE(nativeLogApi0, "()J"),
    NATIVE(closeChannel0, "(J)Z"),
    NATIVE(channelStats0, "(J)[J"),
    NATIVE(profilerStats0, "()[J"),
    NATIVE(logDirectory0, "()Ljava/lang/String;"),
    NATIVE(warnings0, "()[Ljava/lang/String;"),
    NATIVE(shutdown0, "()V"),
};

const JNINativeMethod kClockProbeMethods[] = {
    NATIVE(clockSource0, "()I"),
    NATIVE(measureReadCost0, "(II)[D"),
    NATIVE(kernelTimeStatus0, "()[J"),
};

const JNINativeMethod kMembarrierProbeMethods[] = {
    NATIVE(membarrierCommands0, "()I"),
};

}  // namespace
}  // namespace cloudprofiler

extern "C" JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM* vm, void*) {
    JNIEnv* env = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION_1_8) != JNI_OK) {
        return JNI_ERR;
    }
    using cloudprofiler::registerNatives;
    if (!registerNatives(env, "org/cloudprofiler/CloudProfiler", cloudprofiler::kMethods) ||
        !registerNatives(env, "org/cloudprofiler/ClockProbe", cloudprofiler::kClockProbeMethods) ||
        !registerNatives(env, "org/cloudprofiler/MembarrierProbe",
                         cloudprofiler::kMembarrierProbeMethods) ||
        !cloudprofiler::registerSyncNatives(env)) {
        return JNI_ERR;
    }
    return JNI_VERSION_1_8;
}
