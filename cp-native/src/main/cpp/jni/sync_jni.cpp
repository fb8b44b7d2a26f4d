// JNI for the sync service: org.cloudprofiler.sync.service.internal.SyncNative. The Java wrappers own
// each native object through the pointer returned here and guarantee that close comes last.
#include <jni.h>

#include <string>
#include <vector>

#include "../api/jni_support.h"
#include "../sync/sync_agent.h"
#include "../sync/sync_server.h"

namespace cloudprofiler {
namespace {

using sync::Address;
using sync::PairResult;
using sync::SyncAgent;
using sync::SyncServer;

SyncServer* server(jlong handle) { return reinterpret_cast<SyncServer*>(handle); }
SyncAgent* agent(jlong handle) { return reinterpret_cast<SyncAgent*>(handle); }

uint16_t toPort(jint port) {
    if (port < 0 || port > 65535) {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            "port " + std::to_string(port) + " is not in 0..65535");
    }
    return static_cast<uint16_t>(port);
}

// {first, second} as an Object[2].
jobjectArray pairOfArrays(JNIEnv* env, jobject first, jobject second) {
    jclass objectClass = env->FindClass("java/lang/Object");
    jobjectArray result =
        objectClass == nullptr ? nullptr : env->NewObjectArray(2, objectClass, nullptr);
    if (result != nullptr) {
        env->SetObjectArrayElement(result, 0, first);
        env->SetObjectArrayElement(result, 1, second);
    }
    return result;
}

jlong JNICALL serverStart0(JNIEnv* env, jclass, jstring bindHost, jint port, jstring token) {
    std::string host = toUtf8(env, bindHost);
    std::string secret = toUtf8(env, token);
    return guarded<jlong>(env, 0, [&] {
        sync::SyncServerOptions options{Address::resolve(host, toPort(port)), secret};
        return reinterpret_cast<jlong>(new SyncServer(options));
    });
}

jstring JNICALL serverAddress0(JNIEnv* env, jclass, jlong handle) {
    return env->NewStringUTF(server(handle)->local().toString().c_str());
}

jboolean JNICALL serverAwaitNodes0(JNIEnv* env, jclass, jlong handle, jint count,
                                   jint timeoutMs) {
    return guarded<jboolean>(env, JNI_FALSE, [&] {
        return server(handle)->awaitNodes(static_cast<size_t>(count), timeoutMs) ? JNI_TRUE
                                                                                : JNI_FALSE;
    });
}

// Three strings per node: id, address, TSC Hz in decimal.
jobjectArray JNICALL serverNodes0(JNIEnv* env, jclass, jlong handle) {
    return guarded<jobjectArray>(env, nullptr, [&] {
        std::vector<std::string> fields;
        for (const sync::SyncNodeInfo& node : server(handle)->nodes()) {
            fields.push_back(node.id);
            fields.push_back(node.address.toString());
            fields.push_back(std::to_string(node.tscHz));
        }
        return toStringArray(env, fields);
    });
}

// {long[] pairs, String[] problems}. Per pair: from, to, completed, lost, s, b, r, n, then n
// exchanges of (s, b, r). One problem string per pair, empty when it was measured.
jobjectArray JNICALL serverRunPhase0(JNIEnv* env, jclass, jlong handle, jint exchanges,
                                     jboolean keepAll, jint exchangeTimeoutMs) {
    return guarded<jobjectArray>(env, nullptr, [&]() -> jobjectArray {
        if (exchanges <= 0 || exchangeTimeoutMs <= 0) {
            throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                                "exchanges and the exchange timeout must be positive");
        }
        std::vector<PairResult> pairs = server(handle)->runPhase(
            static_cast<uint32_t>(exchanges), keepAll == JNI_TRUE,
            static_cast<uint32_t>(exchangeTimeoutMs));
        std::vector<jlong> packed;
        std::vector<std::string> problems;
        for (const PairResult& pair : pairs) {
            packed.insert(packed.end(),
                          {static_cast<jlong>(pair.from), static_cast<jlong>(pair.to),
                           static_cast<jlong>(pair.completed), static_cast<jlong>(pair.lost),
                           static_cast<jlong>(pair.min.s), static_cast<jlong>(pair.min.b),
                           static_cast<jlong>(pair.min.r), static_cast<jlong>(pair.all.size())});
            for (const sync::Exchange& exchange : pair.all) {
                packed.insert(packed.end(), {static_cast<jlong>(exchange.s),
                                             static_cast<jlong>(exchange.b),
                                             static_cast<jlong>(exchange.r)});
            }
            problems.push_back(pair.problem);
        }
        return pairOfArrays(env, toLongArray(env, packed), toStringArray(env, problems));
    });
}

// {long[] sweeps, String[] problems}. Per ordered pair: from, to, n, then n points of
// (payload bytes, completed repetitions, min ticks on the initiator's clock).
jobjectArray JNICALL serverRunSweep0(JNIEnv* env, jclass, jlong handle, jintArray sizes,
                                     jint repetitions, jint timeoutMs) {
    return guarded<jobjectArray>(env, nullptr, [&]() -> jobjectArray {
        std::vector<uint32_t> payloadSizes;
        jsize count = env->GetArrayLength(sizes);
        std::vector<jint> values(static_cast<size_t>(count));
        env->GetIntArrayRegion(sizes, 0, count, values.data());
        for (jint size : values) {
            if (size < 0) {
                throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                                    "payload size " + std::to_string(size) + " is negative");
            }
            payloadSizes.push_back(static_cast<uint32_t>(size));
        }
        if (repetitions <= 0 || timeoutMs <= 0) {
            throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                                "repetitions and the transfer timeout must be positive");
        }
        std::vector<sync::SweepResult> sweeps = server(handle)->runSweep(
            payloadSizes, static_cast<uint32_t>(repetitions), static_cast<uint32_t>(timeoutMs));
        std::vector<jlong> packed;
        std::vector<std::string> problems;
        for (const sync::SweepResult& sweep : sweeps) {
            packed.insert(packed.end(), {static_cast<jlong>(sweep.from),
                                         static_cast<jlong>(sweep.to),
                                         static_cast<jlong>(sweep.points.size())});
            for (const sync::SweepPoint& point : sweep.points) {
                packed.insert(packed.end(), {static_cast<jlong>(point.payloadBytes),
                                             static_cast<jlong>(point.completed),
                                             static_cast<jlong>(point.minTicks)});
            }
            problems.push_back(sweep.problem);
        }
        return pairOfArrays(env, toLongArray(env, packed), toStringArray(env, problems));
    });
}

jlongArray JNICALL serverCounters0(JNIEnv* env, jclass, jlong handle) {
    sync::SyncServerCounters c = server(handle)->counters();
    return toLongArray(env, {c.malformed, c.oversized, c.wrongToken, c.unexpected,
                             c.registrations, c.refused});
}

jint JNICALL serverShutdownAgents0(JNIEnv* env, jclass, jlong handle, jint timeoutMs) {
    return guarded<jint>(env, 0, [&] {
        return static_cast<jint>(server(handle)->shutdownAgents(timeoutMs));
    });
}

void JNICALL serverClose0(JNIEnv*, jclass, jlong handle) { delete server(handle); }

jlong JNICALL agentCreate0(JNIEnv* env, jclass, jstring serverHost, jint serverPort,
                           jstring nodeId, jstring bindHost, jint port, jstring token,
                           jint serverTimeoutMs) {
    std::string host = toUtf8(env, serverHost);
    std::string node = toUtf8(env, nodeId);
    std::string bind = bindHost == nullptr ? std::string() : toUtf8(env, bindHost);
    std::string secret = toUtf8(env, token);
    return guarded<jlong>(env, 0, [&] {
        sync::SyncAgentOptions options;
        options.server = Address::resolve(host, toPort(serverPort));
        options.nodeId = node;
        options.bindIp = bind.empty() ? 0 : Address::resolve(bind, 0).ip;
        options.port = toPort(port);
        options.token = secret;
        options.serverTimeoutMs = serverTimeoutMs;
        return reinterpret_cast<jlong>(new SyncAgent(options));
    });
}

jstring JNICALL agentAddress0(JNIEnv* env, jclass, jlong handle) {
    return env->NewStringUTF(agent(handle)->local().toString().c_str());
}

jobjectArray runAgent(JNIEnv* env, jlong handle);

// {outcome, message}; the outcome is the name of SyncAgent::Outcome without its k.
jobjectArray JNICALL agentRun0(JNIEnv* env, jclass, jlong handle) {
    return guarded<jobjectArray>(env, nullptr, [&] { return runAgent(env, handle); });
}

jobjectArray runAgent(JNIEnv* env, jlong handle) {
    SyncAgent::Result result = agent(handle)->run();
    const char* outcome = "STOPPED";
    switch (result.outcome) {
        case SyncAgent::Outcome::kShutdown:
            outcome = "SHUTDOWN";
            break;
        case SyncAgent::Outcome::kStopped:
            outcome = "STOPPED";
            break;
        case SyncAgent::Outcome::kServerSilent:
            outcome = "SERVER_SILENT";
            break;
        case SyncAgent::Outcome::kNeverRegistered:
            outcome = "NEVER_REGISTERED";
            break;
        case SyncAgent::Outcome::kRefused:
            outcome = "REFUSED";
            break;
    }
    return toStringArray(env, {outcome, result.message});
}

void JNICALL agentStop0(JNIEnv*, jclass, jlong handle) { agent(handle)->stop(); }

jlongArray JNICALL agentCounters0(JNIEnv* env, jclass, jlong handle) {
    const sync::SyncAgentCounters& c = agent(handle)->counters();
    return toLongArray(env, {c.malformed.load(), c.oversized.load(), c.wrongToken.load(),
                             c.unexpected.load(), c.pingsAnswered.load(),
                             c.exchangesCompleted.load(), c.exchangesLost.load(),
                             agent(handle)->sweepResponder().framesAnswered(),
                             agent(handle)->sweepResponder().badFrames(),
                             c.clockWentBackwards.load()});
}

void JNICALL agentClose0(JNIEnv*, jclass, jlong handle) { delete agent(handle); }

const JNINativeMethod kSyncMethods[] = {
    NATIVE(serverStart0, "(Ljava/lang/String;ILjava/lang/String;)J"),
    NATIVE(serverAddress0, "(J)Ljava/lang/String;"),
    NATIVE(serverAwaitNodes0, "(JII)Z"),
    NATIVE(serverNodes0, "(J)[Ljava/lang/String;"),
    NATIVE(serverRunPhase0, "(JIZI)[Ljava/lang/Object;"),
    NATIVE(serverRunSweep0, "(J[III)[Ljava/lang/Object;"),
    NATIVE(serverCounters0, "(J)[J"),
    NATIVE(serverShutdownAgents0, "(JI)I"),
    NATIVE(serverClose0, "(J)V"),
    NATIVE(agentCreate0,
           "(Ljava/lang/String;ILjava/lang/String;Ljava/lang/String;ILjava/lang/String;I)J"),
    NATIVE(agentAddress0, "(J)Ljava/lang/String;"),
    NATIVE(agentRun0, "(J)[Ljava/lang/String;"),
    NATIVE(agentStop0, "(J)V"),
    NATIVE(agentCounters0, "(J)[J"),
    NATIVE(agentClose0, "(J)V"),
};

}  // namespace

bool registerSyncNatives(JNIEnv* env) {
    return registerNatives(env, "org/cloudprofiler/sync/service/internal/SyncNative", kSyncMethods);
}

}  // namespace cloudprofiler
