// The JNI layer: converts arguments, calls the C++ API, returns counters as the Java records
// that name them, turns ProfilerError into the matching Java exception. Natives are bound with
// RegisterNatives from JNI_OnLoad (jni_onload.cpp), so the library exports nothing but it.
#include <jni.h>

#include <string>

#include "../api/jni_support.h"
#include "../api/log_api.h"
#include "../api/profiler_error.h"
#include "../clock_probe.h"
#include "../cloudprofiler.h"
#include "../membarrier_probe.h"
#include "../warnings.h"
#include "register_natives.h"

namespace cloudprofiler {
namespace {

// The Java records this layer builds, bound when the library loads.
struct JavaTypes {
    JavaRecord ackStats;
    JavaRecord channelStats;
    JavaRecord profilerStats;
    JavaRecord clockReadCost;
    JavaRecord kernelTimeStatus;
} java;

bool bindJavaTypes(JNIEnv* env) {
    return java.ackStats.bind(env, "org/cloudprofiler/AckStats", "(JJJJJJJ)V") &&
           java.channelStats.bind(env, "org/cloudprofiler/ChannelStats",
                                  "(JJJJJJJLorg/cloudprofiler/AckStats;)V") &&
           java.profilerStats.bind(env, "org/cloudprofiler/ProfilerStats", "(JJJJJJJJJ)V") &&
           java.clockReadCost.bind(env, "org/cloudprofiler/ClockReadCost", "(DD)V") &&
           java.kernelTimeStatus.bind(env, "org/cloudprofiler/KernelTimeStatus", "(IIJJJ)V");
}

jlong JNICALL openChannel0(JNIEnv* env, jclass, jstring name, jint format, jint handler,
                           jboolean multiWriter) {
    return guarded<jlong>(env, 0, [&] {
        return static_cast<jlong>(openChannel(toUtf8(env, name), static_cast<Codec>(format),
                                              static_cast<HandlerType>(handler),
                                              multiWriter == JNI_TRUE));
    });
}

void JNICALL parameterize0(JNIEnv* env, jclass, jlong channel, jstring parameter, jlong value) {
    guarded<int>(env, 0, [&] {
        parameterize(static_cast<ChannelHandle>(channel), toUtf8(env, parameter), value);
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

jlong JNICALL logTSStamped0(JNIEnv*, jclass, jlong channel, jlong tupleId) noexcept {
    return static_cast<jlong>(logTSStamped(static_cast<ChannelHandle>(channel), tupleId));
}

jlong JNICALL readTsc0(JNIEnv*, jclass) { return static_cast<jlong>(readTsc()); }

jlong JNICALL tscHz0(JNIEnv*, jclass) { return static_cast<jlong>(tscHz()); }

jlong JNICALL nativeLogApi0(JNIEnv*, jclass) {
    return static_cast<jlong>(reinterpret_cast<uintptr_t>(logApi()));
}

jobject JNICALL countCell0(JNIEnv* env, jclass, jlong channel) {
    return guarded<jobject>(env, nullptr, [&]() -> jobject {
        std::atomic<uint64_t>* cell = countCell(static_cast<ChannelHandle>(channel));
        return cell == nullptr ? nullptr : env->NewDirectByteBuffer(cell, sizeof(*cell));
    });
}

jboolean JNICALL closeChannel0(JNIEnv* env, jclass, jlong channel) {
    return guarded<jboolean>(env, JNI_FALSE, [&] {
        return closeChannel(static_cast<ChannelHandle>(channel)) ? JNI_TRUE : JNI_FALSE;
    });
}

jboolean JNICALL swapHandler0(JNIEnv* env, jclass, jlong channel, jlong successor) {
    return guarded<jboolean>(env, JNI_FALSE, [&] {
        return swapHandler(static_cast<ChannelHandle>(channel),
                           static_cast<ChannelHandle>(successor))
                   ? JNI_TRUE
                   : JNI_FALSE;
    });
}

jobject JNICALL channelStats0(JNIEnv* env, jclass, jlong channel) {
    return guarded<jobject>(env, nullptr, [&]() -> jobject {
        ChannelStats stats;
        if (!channelStats(static_cast<ChannelHandle>(channel), &stats)) {
            return nullptr;
        }
        const AckStats& acks = stats.acks;
        jobject ackStats = java.ackStats.create(
            env, static_cast<jlong>(acks.matched), static_cast<jlong>(acks.unknown),
            static_cast<jlong>(acks.malformed), static_cast<jlong>(acks.wrongVersion),
            static_cast<jlong>(acks.unauthenticated),
            static_cast<jlong>(acks.unacked), static_cast<jlong>(acks.sendFailures));
        if (ackStats == nullptr) {
            return nullptr;
        }
        return java.channelStats.create(
            env, static_cast<jlong>(stats.accepted), static_cast<jlong>(stats.filtered),
            static_cast<jlong>(stats.recorded), static_cast<jlong>(stats.dropped),
            static_cast<jlong>(stats.rejected), static_cast<jlong>(stats.stalls),
            static_cast<jlong>(stats.stallNs), ackStats);
    });
}

jobject JNICALL profilerStats0(JNIEnv* env, jclass) {
    return guarded<jobject>(env, nullptr, [&] {
        ProfilerStats stats = profilerStats();
        return java.profilerStats.create(
            env, static_cast<jlong>(stats.openChannels), static_cast<jlong>(stats.invalidHandles),
            static_cast<jlong>(stats.blocksInFlight), static_cast<jlong>(stats.bytesInFlight),
            static_cast<jlong>(stats.budgetBytes), static_cast<jlong>(stats.bytesWritten),
            static_cast<jlong>(stats.writeErrors), static_cast<jlong>(stats.droppedRecords),
            static_cast<jlong>(stats.failedCalls));
    });
}

jstring JNICALL logDirectory0(JNIEnv* env, jclass) {
    return guarded<jstring>(env, nullptr,
                            [&] { return env->NewStringUTF(logDirectory().c_str()); });
}

jobjectArray JNICALL warnings0(JNIEnv* env, jclass) {
    return guarded<jobjectArray>(env, nullptr,
                                 [&] { return toStringArray(env, Warnings::all()); });
}

void JNICALL shutdown0(JNIEnv* env, jclass) {
    guarded<int>(env, 0, [] {
        shutdown();
        return 0;
    });
}

jint JNICALL clockSource0(JNIEnv*, jclass) { return static_cast<jint>(TscClock::source()); }

jobject JNICALL measureReadCost0(JNIEnv* env, jclass, jint batches, jint readsPerBatch) {
    return guarded<jobject>(env, nullptr, [&] {
        ClockReadCost cost = measureClockReadCost(batches, readsPerBatch);
        return java.clockReadCost.create(env, static_cast<jdouble>(cost.minNs),
                                         static_cast<jdouble>(cost.medianNs));
    });
}

jobject JNICALL kernelTimeStatus0(JNIEnv* env, jclass) {
    return guarded<jobject>(env, nullptr, [&] {
        KernelTimeStatus status = readKernelTimeStatus();
        return java.kernelTimeStatus.create(
            env, static_cast<jint>(status.clockState), static_cast<jint>(status.statusBits),
            static_cast<jlong>(status.offsetNs), static_cast<jlong>(status.maxErrorUs),
            static_cast<jlong>(status.estimatedErrorUs));
    });
}

jint JNICALL membarrierCommands0(JNIEnv*, jclass) {
    return static_cast<jint>(membarrierCommands());
}

const JNINativeMethod kMethods[] = {
    NATIVE(openChannel0, "(Ljava/lang/String;IIZ)J"),
    NATIVE(parameterize0, "(JLjava/lang/String;J)V"),
    NATIVE(logTS0, "(JJ)Z"),
    NATIVE(logTSAt0, "(JJJ)Z"),
    NATIVE(logTSStamped0, "(JJ)J"),
    NATIVE(readTsc0, "()J"),
    NATIVE(tscHz0, "()J"),
    NATIVE(nativeLogApi0, "()J"),
    NATIVE(countCell0, "(J)Ljava/nio/ByteBuffer;"),
    NATIVE(closeChannel0, "(J)Z"),
    NATIVE(swapHandler0, "(JJ)Z"),
    NATIVE(channelStats0, "(J)Lorg/cloudprofiler/ChannelStats;"),
    NATIVE(profilerStats0, "()Lorg/cloudprofiler/ProfilerStats;"),
    NATIVE(logDirectory0, "()Ljava/lang/String;"),
    NATIVE(warnings0, "()[Ljava/lang/String;"),
    NATIVE(shutdown0, "()V"),
};

const JNINativeMethod kClockProbeMethods[] = {
    NATIVE(clockSource0, "()I"),
    NATIVE(measureReadCost0, "(II)Lorg/cloudprofiler/ClockReadCost;"),
    NATIVE(kernelTimeStatus0, "()Lorg/cloudprofiler/KernelTimeStatus;"),
};

const JNINativeMethod kMembarrierProbeMethods[] = {
    NATIVE(membarrierCommands0, "()I"),
};

}  // namespace

bool registerProfilerNatives(JNIEnv* env) {
    return bindJavaTypes(env) &&
           registerNatives(env, "org/cloudprofiler/CloudProfiler", kMethods) &&
           registerNatives(env, "org/cloudprofiler/ClockProbe", kClockProbeMethods) &&
           registerNatives(env, "org/cloudprofiler/MembarrierProbe", kMembarrierProbeMethods) &&
           registerSyncNatives(env);
}

}  // namespace cloudprofiler
