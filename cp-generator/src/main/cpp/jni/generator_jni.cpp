// The JNI layer of org.cloudprofiler.generator.Generator: converts arguments, calls the C++
// generator, turns ProfilerError into the matching Java exception. The Java object owns the
// native one through the handle returned by create0 and guarantees destroy0 comes last.
#include <jni.h>

#include <chrono>
#include <string>
#include <vector>

#include "../generator.h"
#include "../ysb_events.h"
#include "jni/jni_support.h"

namespace cloudprofiler {
namespace {

using generator::Generator;
using generator::GeneratorOptions;
using generator::PayloadClass;
using generator::ReceiverTotals;
using generator::RunResult;
using generator::SecondStats;
using generator::SecondStatsQueue;

Generator* native(jlong handle) {
    return reinterpret_cast<Generator*>(handle);
}

std::vector<std::string> toStrings(JNIEnv* env, jobjectArray array) {
    std::vector<std::string> strings;
    jsize length = env->GetArrayLength(array);
    for (jsize i = 0; i < length; ++i) {
        auto text = static_cast<jstring>(env->GetObjectArrayElement(array, i));
        strings.push_back(toUtf8(env, text));
        env->DeleteLocalRef(text);
    }
    return strings;
}

jlong JNICALL create0(JNIEnv* env, jclass, jobjectArray endpoints, jint senderThreads,
                      jdouble tuplesPerSecond, jlong tupleCount, jlong durationNs,
                      jint bucketTuples, jint payloadClass, jint rawPayloadBytes, jlong seed,
                      jlong idBase, jint sendHighWaterMark, jint connectTimeoutMs,
                      jint markerTimeoutMs, jint ioThreads, jlong spinWindowNs,
                      jlong maxBucketSpanNs) {
    return guarded<jlong>(env, 0, [&] {
        if (senderThreads < 0 || tupleCount < 0 || bucketTuples < 0 || rawPayloadBytes < 0) {
            throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                                "sender threads, tuple count, bucket size and payload size must"
                                " not be negative");
        }
        GeneratorOptions options;
        options.endpoints = toStrings(env, endpoints);
        options.senderThreads = static_cast<uint32_t>(senderThreads);
        options.tuplesPerSecond = tuplesPerSecond;
        options.tupleCount = static_cast<uint64_t>(tupleCount);
        options.durationNs = durationNs;
        options.bucketTuples = static_cast<uint32_t>(bucketTuples);
        options.payloadClass = static_cast<PayloadClass>(payloadClass);
        options.rawPayloadBytes = static_cast<uint32_t>(rawPayloadBytes);
        options.seed = static_cast<uint64_t>(seed);
        options.idBase = idBase;
        options.sendHighWaterMark = sendHighWaterMark;
        options.connectTimeoutMs = connectTimeoutMs;
        options.markerTimeoutMs = markerTimeoutMs;
        options.ioThreads = ioThreads;
        options.spinWindowNs = spinWindowNs;
        options.maxBucketSpanNs = maxBucketSpanNs;
        return reinterpret_cast<jlong>(new Generator(std::move(options)));
    });
}

void JNICALL loadBytes0(JNIEnv* env, jclass, jlong handle, jobjectArray payloads) {
    guarded<int>(env, 0, [&] {
        std::vector<std::string> copies;
        jsize count = env->GetArrayLength(payloads);
        copies.reserve(static_cast<size_t>(count));
        for (jsize i = 0; i < count; ++i) {
            auto bytes = static_cast<jbyteArray>(env->GetObjectArrayElement(payloads, i));
            std::string copy(static_cast<size_t>(env->GetArrayLength(bytes)), '\0');
            env->GetByteArrayRegion(bytes, 0, static_cast<jsize>(copy.size()),
                                    reinterpret_cast<jbyte*>(copy.data()));
            env->DeleteLocalRef(bytes);
            copies.push_back(std::move(copy));
        }
        native(handle)->loadPreloaded(std::move(copies));
        return 0;
    });
}

void JNICALL logSends0(JNIEnv* env, jclass, jlong handle, jlong logApi, jlongArray channels) {
    guarded<int>(env, 0, [&] {
        std::vector<uint64_t> handles(static_cast<size_t>(env->GetArrayLength(channels)));
        env->GetLongArrayRegion(channels, 0, static_cast<jsize>(handles.size()),
                                reinterpret_cast<jlong*>(handles.data()));
        native(handle)->logSends(reinterpret_cast<const CpLogApi*>(logApi), std::move(handles));
        return 0;
    });
}

void JNICALL start0(JNIEnv* env, jclass, jlong handle) {
    guarded<int>(env, 0, [&] {
        native(handle)->start();
        return 0;
    });
}

void JNICALL stop0(JNIEnv*, jclass, jlong handle) {
    native(handle)->stop();
}

jboolean JNICALL awaitEnd0(JNIEnv* env, jclass, jlong handle, jlong timeoutMs) {
    return guarded<jboolean>(env, JNI_FALSE, [&] {
        return native(handle)->awaitEnd(std::chrono::milliseconds(timeoutMs)) ? JNI_TRUE
                                                                              : JNI_FALSE;
    });
}

// The next record as {second, intervalNs, last, sent, dropped, lagSamples, p50, p99, max}; null
// if none came within the timeout; an empty array once the last has been taken.
jlongArray JNICALL pollSecond0(JNIEnv* env, jclass, jlong handle, jlong timeoutMs) {
    SecondStats stats;
    switch (native(handle)->pollSecond(std::chrono::milliseconds(timeoutMs), &stats)) {
        case SecondStatsQueue::Poll::kRecord:
            return toLongArray(env, {stats.second, static_cast<uint64_t>(stats.intervalNs),
                                     stats.last ? 1u : 0u, stats.sentTuples, stats.droppedTuples, stats.lagSamples,
                                     stats.lagP50Ns, stats.lagP99Ns, stats.lagMaxNs});
        case SecondStatsQueue::Poll::kTimeout:
            return nullptr;
        case SecondStatsQueue::Poll::kEnded:
            break;
    }
    return env->NewLongArray(0);
}

// {sentTuples, droppedTuples} so far.
jlongArray JNICALL progress0(JNIEnv* env, jclass, jlong handle) {
    Generator::Progress progress = native(handle)->progress();
    return toLongArray(env, {progress.sentTuples, progress.droppedTuples});
}

// {sentTuples, droppedTuples, sentBuckets, droppedBuckets, bucketTuples, elapsedNs,
// stoppedEarly}.
jlongArray JNICALL resultTotals0(JNIEnv* env, jclass, jlong handle) {
    return guarded<jlongArray>(env, nullptr, [&] {
        RunResult result = native(handle)->result();
        return toLongArray(
            env, {result.sentTuples, result.droppedTuples, result.sentBuckets,
                  result.droppedBuckets, result.bucketTuples,
                  static_cast<uint64_t>(result.elapsedNs), result.stoppedEarly ? 1u : 0u});
    });
}

// Per receiver, in endpoint order: sentTuples, sentBuckets, droppedTuples, droppedBuckets,
// markersDelivered, markersUndelivered, disconnects.
jlongArray JNICALL resultReceivers0(JNIEnv* env, jclass, jlong handle) {
    return guarded<jlongArray>(env, nullptr, [&] {
        std::vector<jlong> values;
        for (const ReceiverTotals& receiver : native(handle)->result().receivers) {
            for (uint64_t value :
                 {receiver.sentTuples, receiver.sentBuckets, receiver.droppedTuples,
                  receiver.droppedBuckets, uint64_t{receiver.markersDelivered},
                  uint64_t{receiver.markersUndelivered}, receiver.disconnects}) {
                values.push_back(static_cast<jlong>(value));
            }
        }
        return toLongArray(env, values);
    });
}

jobjectArray JNICALL resultProblems0(JNIEnv* env, jclass, jlong handle) {
    return guarded<jobjectArray>(
        env, nullptr, [&] { return toStringArray(env, native(handle)->result().problems); });
}

void JNICALL destroy0(JNIEnv*, jclass, jlong handle) {
    delete native(handle);
}

// Pairs {adId, campaignId} for every ad of the YSB campaigns drawn from `seed`.
jobjectArray JNICALL ysbAdCampaigns0(JNIEnv* env, jclass, jlong seed) {
    generator::YsbCampaigns campaigns = generator::makeYsbCampaigns(static_cast<uint64_t>(seed));
    std::vector<std::string> pairs;
    for (size_t a = 0; a < campaigns.adIds.size(); ++a) {
        pairs.push_back(campaigns.adIds[a]);
        pairs.push_back(campaigns.campaignIds[a / generator::kYsbAdsPerCampaign]);
    }
    return toStringArray(env, pairs);
}

const JNINativeMethod kMethods[] = {
    NATIVE(create0, "([Ljava/lang/String;IDJJIIIJJIIIIJJ)J"),
    NATIVE(loadBytes0, "(J[[B)V"),
    NATIVE(logSends0, "(JJ[J)V"),
    NATIVE(start0, "(J)V"),
    NATIVE(stop0, "(J)V"),
    NATIVE(awaitEnd0, "(JJ)Z"),
    NATIVE(pollSecond0, "(JJ)[J"),
    NATIVE(progress0, "(J)[J"),
    NATIVE(resultTotals0, "(J)[J"),
    NATIVE(resultReceivers0, "(J)[J"),
    NATIVE(resultProblems0, "(J)[Ljava/lang/String;"),
    NATIVE(destroy0, "(J)V"),
    NATIVE(ysbAdCampaigns0, "(J)[Ljava/lang/String;"),
};

}  // namespace
}  // namespace cloudprofiler

extern "C" JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM* vm, void*) {
    JNIEnv* env = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION_1_8) != JNI_OK) {
        return JNI_ERR;
    }
    if (!cloudprofiler::registerNatives(env, "org/cloudprofiler/generator/Generator",
                                        cloudprofiler::kMethods)) {
        return JNI_ERR;
    }
    return JNI_VERSION_1_8;
}
