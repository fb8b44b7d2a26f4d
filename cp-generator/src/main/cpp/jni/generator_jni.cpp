// The JNI layer of org.cloudprofiler.generator.Generator: reads the options by name, calls the
// C++ generator, builds the Java result records, turns ProfilerError into the matching Java
// exception. The Java object owns the
// native one through the handle returned by create0 and guarantees destroy0 comes last.
#include <jni.h>

#include <chrono>
#include <numeric>
#include <string>
#include <vector>

#include "../generator.h"
#include "../ysb_events.h"
#include "jni_support.h"

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

// The Java classes this layer reads and builds, bound in JNI_OnLoad.
struct JavaTypes {
    // org.cloudprofiler.generator.GeneratorOptions, read by component.
    jfieldID endpoints, senderThreads, tuplesPerSecond, tupleCount, durationNs, bucketTuples,
        payloadClass, rawPayloadBytes, seed, idBase, sendHighWaterMark, connectTimeoutMs,
        markerTimeoutMs, ioThreads, spinWindowNs, maxBucketSpanNs;
    JavaRecord generatorStats;
    JavaRecord receiverTotals;
    JavaRecord generatorResult;
    JavaRecord ysbAdCampaign;
    jclass arrays;
    jmethodID asList;
} java;

bool bindJavaTypes(JNIEnv* env) {
    const JavaField fields[] = {
        {&java.endpoints, "endpoints", "[Ljava/lang/String;"},
        {&java.senderThreads, "senderThreads", "I"},
        {&java.tuplesPerSecond, "tuplesPerSecond", "D"},
        {&java.tupleCount, "tupleCount", "J"},
        {&java.durationNs, "durationNs", "J"},
        {&java.bucketTuples, "bucketTuples", "I"},
        {&java.payloadClass, "payloadClass", "I"},
        {&java.rawPayloadBytes, "rawPayloadBytes", "I"},
        {&java.seed, "seed", "J"},
        {&java.idBase, "idBase", "J"},
        {&java.sendHighWaterMark, "sendHighWaterMark", "I"},
        {&java.connectTimeoutMs, "connectTimeoutMs", "I"},
        {&java.markerTimeoutMs, "markerTimeoutMs", "I"},
        {&java.ioThreads, "ioThreads", "I"},
        {&java.spinWindowNs, "spinWindowNs", "J"},
        {&java.maxBucketSpanNs, "maxBucketSpanNs", "J"},
    };
    if (!bindFields(env, "org/cloudprofiler/generator/GeneratorOptions", fields)) {
        return false;
    }
    jclass arrays = env->FindClass("java/util/Arrays");
    if (arrays == nullptr) {
        return false;
    }
    java.arrays = static_cast<jclass>(env->NewGlobalRef(arrays));
    env->DeleteLocalRef(arrays);
    java.asList = env->GetStaticMethodID(java.arrays, "asList",
                                         "([Ljava/lang/Object;)Ljava/util/List;");
    return java.asList != nullptr &&
           java.generatorStats.bind(env, "org/cloudprofiler/generator/GeneratorStats",
                                    "(JJZDJJJJJJ)V") &&
           java.receiverTotals.bind(env, "org/cloudprofiler/generator/ReceiverTotals",
                                    "(Ljava/lang/String;JJJJIIJ)V") &&
           java.generatorResult.bind(env, "org/cloudprofiler/generator/GeneratorResult",
                                     "(JJJJIJZLjava/util/List;Ljava/util/List;"
                                     "Ljava/util/List;)V") &&
           java.ysbAdCampaign.bind(env, "org/cloudprofiler/generator/YsbAdCampaign",
                                   "(Ljava/lang/String;Ljava/lang/String;)V");
}

jlong JNICALL create0(JNIEnv* env, jclass, jobject javaOptions) {
    return guarded<jlong>(env, 0, [&] {
        jint senderThreads = env->GetIntField(javaOptions, java.senderThreads);
        jlong tupleCount = env->GetLongField(javaOptions, java.tupleCount);
        jint bucketTuples = env->GetIntField(javaOptions, java.bucketTuples);
        jint rawPayloadBytes = env->GetIntField(javaOptions, java.rawPayloadBytes);
        if (senderThreads < 0 || tupleCount < 0 || bucketTuples < 0 || rawPayloadBytes < 0) {
            throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                                "sender threads, tuple count, bucket size and payload size must"
                                " not be negative");
        }
        auto endpoints =
            static_cast<jobjectArray>(env->GetObjectField(javaOptions, java.endpoints));
        GeneratorOptions options;
        options.endpoints = toStrings(env, endpoints);
        env->DeleteLocalRef(endpoints);
        options.senderThreads = static_cast<uint32_t>(senderThreads);
        options.tuplesPerSecond = env->GetDoubleField(javaOptions, java.tuplesPerSecond);
        options.tupleCount = static_cast<uint64_t>(tupleCount);
        options.durationNs = env->GetLongField(javaOptions, java.durationNs);
        options.bucketTuples = static_cast<uint32_t>(bucketTuples);
        options.payloadClass =
            static_cast<PayloadClass>(env->GetIntField(javaOptions, java.payloadClass));
        options.rawPayloadBytes = static_cast<uint32_t>(rawPayloadBytes);
        options.seed = static_cast<uint64_t>(env->GetLongField(javaOptions, java.seed));
        options.idBase = env->GetLongField(javaOptions, java.idBase);
        options.sendHighWaterMark = env->GetIntField(javaOptions, java.sendHighWaterMark);
        options.connectTimeoutMs = env->GetIntField(javaOptions, java.connectTimeoutMs);
        options.markerTimeoutMs = env->GetIntField(javaOptions, java.markerTimeoutMs);
        options.ioThreads = env->GetIntField(javaOptions, java.ioThreads);
        options.spinWindowNs = env->GetLongField(javaOptions, java.spinWindowNs);
        options.maxBucketSpanNs = env->GetLongField(javaOptions, java.maxBucketSpanNs);
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

// Unguarded: sets a flag, nothing that can throw.
void JNICALL stop0(JNIEnv*, jclass, jlong handle) {
    native(handle)->stop();
}

jboolean JNICALL awaitEnd0(JNIEnv* env, jclass, jlong handle, jlong timeoutMs) {
    return guarded<jboolean>(env, JNI_FALSE, [&] {
        return native(handle)->awaitEnd(std::chrono::milliseconds(timeoutMs)) ? JNI_TRUE
                                                                              : JNI_FALSE;
    });
}

// The next record as a GeneratorStats; null if none came within the timeout, or the last one
// has been taken (secondsEnded0 tells which).
jobject JNICALL pollSecond0(JNIEnv* env, jclass, jlong handle, jlong timeoutMs) {
    return guarded<jobject>(env, nullptr, [&]() -> jobject {
        SecondStats stats;
        if (native(handle)->pollSecond(std::chrono::milliseconds(timeoutMs), &stats) !=
            SecondStatsQueue::Poll::kRecord) {
            return nullptr;
        }
        return java.generatorStats.create(
            env, static_cast<jlong>(stats.second), static_cast<jlong>(stats.intervalNs),
            static_cast<jboolean>(stats.last ? JNI_TRUE : JNI_FALSE),
            static_cast<jdouble>(stats.targetTuplesPerSecond),
            static_cast<jlong>(stats.sentTuples), static_cast<jlong>(stats.droppedTuples),
            static_cast<jlong>(stats.lagSamples), static_cast<jlong>(stats.lagP50Ns),
            static_cast<jlong>(stats.lagP99Ns), static_cast<jlong>(stats.lagMaxNs));
    });
}

// Guarded, as emittedTuples0: locking a std::mutex can throw std::system_error.
jboolean JNICALL secondsEnded0(JNIEnv* env, jclass, jlong handle) {
    return guarded<jboolean>(env, JNI_FALSE, [&] {
        return native(handle)->secondsEnded() ? JNI_TRUE : JNI_FALSE;
    });
}

jlong JNICALL emittedTuples0(JNIEnv* env, jclass, jlong handle) {
    return guarded<jlong>(env, 0, [&] {
        return static_cast<jlong>(native(handle)->progress().emittedTuples());
    });
}

jobject asList(JNIEnv* env, jobjectArray array) {
    return array == nullptr ? nullptr
                            : env->CallStaticObjectMethod(java.arrays, java.asList, array);
}

jobject receiverTotalsList(JNIEnv* env, const std::vector<ReceiverTotals>& receivers) {
    jobjectArray array = env->NewObjectArray(static_cast<jsize>(receivers.size()),
                                             java.receiverTotals.type, nullptr);
    for (size_t r = 0; array != nullptr && r < receivers.size(); ++r) {
        const ReceiverTotals& receiver = receivers[r];
        jstring endpoint = env->NewStringUTF(receiver.endpoint.c_str());
        if (endpoint == nullptr) {
            return nullptr;
        }
        jobject totals = java.receiverTotals.create(
            env, endpoint, static_cast<jlong>(receiver.sentTuples),
            static_cast<jlong>(receiver.sentBuckets), static_cast<jlong>(receiver.droppedTuples),
            static_cast<jlong>(receiver.droppedBuckets),
            static_cast<jint>(receiver.markersDelivered),
            static_cast<jint>(receiver.markersUndelivered),
            static_cast<jlong>(receiver.disconnects));
        if (totals == nullptr) {
            return nullptr;
        }
        env->SetObjectArrayElement(array, static_cast<jsize>(r), totals);
        env->DeleteLocalRef(totals);
        env->DeleteLocalRef(endpoint);
    }
    return asList(env, array);
}

jobject JNICALL result0(JNIEnv* env, jclass, jlong handle, jobject seconds) {
    return guarded<jobject>(env, nullptr, [&]() -> jobject {
        RunResult result = native(handle)->result();
        jobject receivers = receiverTotalsList(env, result.receivers);
        jobject problems = receivers == nullptr
                               ? nullptr
                               : asList(env, toStringArray(env, result.problems));
        if (problems == nullptr) {
            return nullptr;
        }
        return java.generatorResult.create(
            env, static_cast<jlong>(result.sentTuples), static_cast<jlong>(result.droppedTuples),
            static_cast<jlong>(result.sentBuckets), static_cast<jlong>(result.droppedBuckets),
            static_cast<jint>(result.bucketTuples), static_cast<jlong>(result.elapsedNs),
            static_cast<jboolean>(result.stoppedEarly ? JNI_TRUE : JNI_FALSE), receivers,
            problems, seconds);
    });
}

// Unguarded: a destructor is noexcept, so nothing it throws could reach guarded().
void JNICALL destroy0(JNIEnv*, jclass, jlong handle) {
    delete native(handle);
}

// A YsbAdCampaign for every ad of the YSB campaigns drawn from `seed`.
jobjectArray JNICALL ysbAdCampaigns0(JNIEnv* env, jclass, jlong seed) {
    return guarded<jobjectArray>(env, nullptr, [&] {
        generator::YsbCampaigns campaigns =
            generator::makeYsbCampaigns(static_cast<uint64_t>(seed));
        std::vector<size_t> ads(campaigns.adIds.size());
        std::iota(ads.begin(), ads.end(), size_t{0});
        return toObjectArray(env, java.ysbAdCampaign.type, ads, [&](size_t ad) -> jobject {
            jstring adId = env->NewStringUTF(campaigns.adIds[ad].c_str());
            if (adId == nullptr) {
                return nullptr;
            }
            const std::string& campaign =
                campaigns.campaignIds[ad / generator::kYsbAdsPerCampaign];
            jstring campaignId = env->NewStringUTF(campaign.c_str());
            jobject record = campaignId == nullptr
                                 ? nullptr
                                 : java.ysbAdCampaign.create(env, adId, campaignId);
            env->DeleteLocalRef(adId);
            env->DeleteLocalRef(campaignId);
            return record;
        });
    });
}

const JNINativeMethod kMethods[] = {
    NATIVE(create0, "(Lorg/cloudprofiler/generator/GeneratorOptions;)J"),
    NATIVE(loadBytes0, "(J[[B)V"),
    NATIVE(logSends0, "(JJ[J)V"),
    NATIVE(start0, "(J)V"),
    NATIVE(stop0, "(J)V"),
    NATIVE(awaitEnd0, "(JJ)Z"),
    NATIVE(pollSecond0, "(JJ)Lorg/cloudprofiler/generator/GeneratorStats;"),
    NATIVE(secondsEnded0, "(J)Z"),
    NATIVE(emittedTuples0, "(J)J"),
    NATIVE(result0, "(JLjava/util/List;)Lorg/cloudprofiler/generator/GeneratorResult;"),
    NATIVE(destroy0, "(J)V"),
    NATIVE(ysbAdCampaigns0, "(J)[Lorg/cloudprofiler/generator/YsbAdCampaign;"),
};

}  // namespace
}  // namespace cloudprofiler

extern "C" JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM* vm, void*) {
    JNIEnv* env = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION_1_8) != JNI_OK) {
        return JNI_ERR;
    }
    if (!cloudprofiler::bindJavaTypes(env) ||
        !cloudprofiler::registerNatives(env, "org/cloudprofiler/generator/Generator",
                                        cloudprofiler::kMethods)) {
        return JNI_ERR;
    }
    return JNI_VERSION_1_8;
}
