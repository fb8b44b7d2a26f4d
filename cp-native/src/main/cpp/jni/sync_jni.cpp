// JNI for the sync service: org.cloudprofiler.sync.service.internal.SyncNative. Reads the agent's
// options by name and hands results back as the Java records that name them. The Java wrappers
// own each native object through the pointer returned here and guarantee that close comes last.
#include <jni.h>

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include "../api/jni_support.h"
#include "../sync/sync_agent.h"
#include "../sync/sync_server.h"
#include "register_natives.h"

namespace cloudprofiler {
namespace {

using sync::Address;
using sync::PairResult;
using sync::SweepPoint;
using sync::SweepResult;
using sync::SyncAgent;
using sync::SyncServer;

// Each way an agent's service ends, and its SyncAgent.Outcome constant.
struct OutcomeName {
    SyncAgent::Outcome outcome;
    const char* name;
};
constexpr OutcomeName kOutcomeNames[] = {
    {SyncAgent::Outcome::kShutdown, "SHUTDOWN"},
    {SyncAgent::Outcome::kStopped, "STOPPED"},
    {SyncAgent::Outcome::kServerSilent, "SERVER_SILENT"},
    {SyncAgent::Outcome::kNeverRegistered, "NEVER_REGISTERED"},
    {SyncAgent::Outcome::kRefused, "REFUSED"},
};

// The Java types this layer reads and builds, bound when the library loads.
struct JavaTypes {
    // org.cloudprofiler.sync.service.internal.AgentOptions, read by component.
    jfieldID serverHost, serverPort, nodeId, bindHost, port, token, serverTimeoutMs;
    JavaRecord node;
    JavaRecord exchange;
    JavaRecord pairResult;
    JavaRecord sweepPoint;
    JavaRecord sweepResult;
    JavaRecord serverCounters;
    JavaRecord agentCounters;
    JavaRecord agentResult;
    jobject outcomes[std::size(kOutcomeNames)];  // in the order of kOutcomeNames
} java;

constexpr char kOutcomeClass[] = "org/cloudprofiler/sync/service/SyncAgent$Outcome";

bool bindOutcomes(JNIEnv* env) {
    for (size_t i = 0; i < std::size(kOutcomeNames); ++i) {
        java.outcomes[i] = bindEnumConstant(env, kOutcomeClass, kOutcomeNames[i].name);
        if (java.outcomes[i] == nullptr) {
            return false;
        }
    }
    return true;
}

bool bindJavaTypes(JNIEnv* env) {
    const JavaField agentOptions[] = {
        {&java.serverHost, "serverHost", "Ljava/lang/String;"},
        {&java.serverPort, "serverPort", "I"},
        {&java.nodeId, "nodeId", "Ljava/lang/String;"},
        {&java.bindHost, "bindHost", "Ljava/lang/String;"},
        {&java.port, "port", "I"},
        {&java.token, "token", "Ljava/lang/String;"},
        {&java.serverTimeoutMs, "serverTimeoutMs", "I"},
    };
    return bindFields(env, "org/cloudprofiler/sync/service/internal/AgentOptions",
                      agentOptions) &&
           java.node.bind(env, "org/cloudprofiler/sync/SyncNode",
                          "(Ljava/lang/String;Ljava/lang/String;J)V") &&
           java.exchange.bind(env, "org/cloudprofiler/sync/SyncExchange", "(JJJ)V") &&
           java.pairResult.bind(env, "org/cloudprofiler/sync/service/internal/PairResult",
                                "(IIIILorg/cloudprofiler/sync/SyncExchange;"
                                "[Lorg/cloudprofiler/sync/SyncExchange;Ljava/lang/String;)V") &&
           java.sweepPoint.bind(env, "org/cloudprofiler/sync/service/internal/SweepPoint",
                                "(IIJ)V") &&
           java.sweepResult.bind(env, "org/cloudprofiler/sync/service/internal/SweepResult",
                                 "(II[Lorg/cloudprofiler/sync/service/internal/SweepPoint;"
                                 "Ljava/lang/String;)V") &&
           java.serverCounters.bind(env, "org/cloudprofiler/sync/service/SyncServerCounters",
                                    "(JJJJJJJJ)V") &&
           java.agentCounters.bind(env, "org/cloudprofiler/sync/service/SyncAgentCounters",
                                   "(JJJJJJJJJJJJJJJ)V") &&
           java.agentResult.bind(env, "org/cloudprofiler/sync/service/SyncAgent$Result",
                                 "(Lorg/cloudprofiler/sync/service/SyncAgent$Outcome;"
                                 "Ljava/lang/String;)V") &&
           bindOutcomes(env);
}

SyncServer* server(jlong handle) { return reinterpret_cast<SyncServer*>(handle); }
SyncAgent* agent(jlong handle) { return reinterpret_cast<SyncAgent*>(handle); }

uint16_t toPort(jint port) {
    if (port < 0 || port > 65535) {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            "port " + std::to_string(port) + " is not in 0..65535");
    }
    return static_cast<uint16_t>(port);
}

std::string stringField(JNIEnv* env, jobject object, jfieldID field) {
    auto text = static_cast<jstring>(env->GetObjectField(object, field));
    std::string result = toUtf8(env, text);
    env->DeleteLocalRef(text);
    return result;
}

jobject exchangeRecord(JNIEnv* env, const sync::Exchange& exchange) {
    return java.exchange.create(env, static_cast<jlong>(exchange.s),
                                static_cast<jlong>(exchange.b), static_cast<jlong>(exchange.r));
}

// Its `min` is null where nothing completed: the C++ one is then meaningless.
jobject pairResultRecord(JNIEnv* env, const PairResult& pair) {
    jobject min = pair.completed > 0 ? exchangeRecord(env, pair.min) : nullptr;
    if (pair.completed > 0 && min == nullptr) {
        return nullptr;
    }
    jobjectArray all = toObjectArray(env, java.exchange.type, pair.all, [&](const auto& exchange) {
        return exchangeRecord(env, exchange);
    });
    jstring problem = all == nullptr ? nullptr : env->NewStringUTF(pair.problem.c_str());
    jobject record = problem == nullptr
                         ? nullptr
                         : java.pairResult.create(env, static_cast<jint>(pair.from),
                                                  static_cast<jint>(pair.to),
                                                  static_cast<jint>(pair.completed),
                                                  static_cast<jint>(pair.lost), min, all, problem);
    env->DeleteLocalRef(problem);
    env->DeleteLocalRef(all);
    env->DeleteLocalRef(min);
    return record;
}

jobject sweepResultRecord(JNIEnv* env, const SweepResult& sweep) {
    jobjectArray points =
        toObjectArray(env, java.sweepPoint.type, sweep.points, [&](const SweepPoint& point) {
            return java.sweepPoint.create(env, static_cast<jint>(point.payloadBytes),
                                          static_cast<jint>(point.completed),
                                          static_cast<jlong>(point.minTicks));
        });
    jstring problem = points == nullptr ? nullptr : env->NewStringUTF(sweep.problem.c_str());
    jobject record = problem == nullptr
                         ? nullptr
                         : java.sweepResult.create(env, static_cast<jint>(sweep.from),
                                                   static_cast<jint>(sweep.to), points, problem);
    env->DeleteLocalRef(problem);
    env->DeleteLocalRef(points);
    return record;
}

jobject outcomeConstant(SyncAgent::Outcome outcome) {
    for (size_t i = 0; i < std::size(kOutcomeNames); ++i) {
        if (kOutcomeNames[i].outcome == outcome) {
            return java.outcomes[i];
        }
    }
    throw ProfilerError(ProfilerError::Kind::kIllegalState,
                        "sync agent outcome " + std::to_string(static_cast<int>(outcome)) +
                            " has no SyncAgent.Outcome");
}

jlong JNICALL serverStart0(JNIEnv* env, jclass, jstring bindHost, jint port, jstring secret,
                           jint maxNodes) {
    return guarded<jlong>(env, 0, [&] {
        sync::SyncServerOptions options{Address::resolve(toUtf8(env, bindHost), toPort(port)),
                                        toUtf8(env, secret),
                                        static_cast<size_t>(std::max<jint>(maxNodes, 0))};
        return reinterpret_cast<jlong>(new SyncServer(options));
    });
}

jstring JNICALL serverAddress0(JNIEnv* env, jclass, jlong handle) {
    return guarded<jstring>(env, nullptr, [&] {
        return env->NewStringUTF(server(handle)->local().toString().c_str());
    });
}

jboolean JNICALL serverAwaitNodes0(JNIEnv* env, jclass, jlong handle, jint count,
                                   jint timeoutMs) {
    return guarded<jboolean>(env, JNI_FALSE, [&] {
        return server(handle)->awaitNodes(static_cast<size_t>(count), timeoutMs) ? JNI_TRUE
                                                                                : JNI_FALSE;
    });
}

jobjectArray JNICALL serverNodes0(JNIEnv* env, jclass, jlong handle) {
    return guarded<jobjectArray>(env, nullptr, [&] {
        return toObjectArray(
            env, java.node.type, server(handle)->nodes(), [&](const sync::SyncNodeInfo& node) {
                jstring id = env->NewStringUTF(node.id.c_str());
                jstring host =
                    id == nullptr ? nullptr : env->NewStringUTF(node.address.ipString().c_str());
                jobject record = host == nullptr ? nullptr
                                                 : java.node.create(env, id, host,
                                                                    static_cast<jlong>(node.tscHz));
                env->DeleteLocalRef(host);
                env->DeleteLocalRef(id);
                return record;
            });
    });
}

jobjectArray JNICALL serverRunPhase0(JNIEnv* env, jclass, jlong handle, jint exchanges,
                                     jboolean keepAll, jint exchangeTimeoutMs) {
    return guarded<jobjectArray>(env, nullptr, [&] {
        if (exchanges <= 0 || exchangeTimeoutMs <= 0) {
            throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                                "exchanges and the exchange timeout must be positive");
        }
        std::vector<PairResult> pairs = server(handle)->runPhase(
            static_cast<uint32_t>(exchanges), keepAll == JNI_TRUE,
            static_cast<uint32_t>(exchangeTimeoutMs));
        return toObjectArray(env, java.pairResult.type, pairs,
                             [&](const PairResult& pair) { return pairResultRecord(env, pair); });
    });
}

jobjectArray JNICALL serverRunSweep0(JNIEnv* env, jclass, jlong handle, jintArray sizes,
                                     jint repetitions, jint timeoutMs) {
    return guarded<jobjectArray>(env, nullptr, [&] {
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
        std::vector<SweepResult> sweeps = server(handle)->runSweep(
            payloadSizes, static_cast<uint32_t>(repetitions), static_cast<uint32_t>(timeoutMs));
        return toObjectArray(
            env, java.sweepResult.type, sweeps,
            [&](const SweepResult& sweep) { return sweepResultRecord(env, sweep); });
    });
}

jobject JNICALL serverCounters0(JNIEnv* env, jclass, jlong handle) {
    return guarded<jobject>(env, nullptr, [&] {
        sync::SyncServerCounters c = server(handle)->counters();
        return java.serverCounters.create(
            env, static_cast<jlong>(c.malformed), static_cast<jlong>(c.oversized),
            static_cast<jlong>(c.wrongVersion), static_cast<jlong>(c.unauthenticated),
            static_cast<jlong>(c.wrongSession), static_cast<jlong>(c.unexpected),
            static_cast<jlong>(c.registrations), static_cast<jlong>(c.refused));
    });
}

jint JNICALL serverShutdownAgents0(JNIEnv* env, jclass, jlong handle, jint timeoutMs) {
    return guarded<jint>(env, 0, [&] {
        return static_cast<jint>(server(handle)->shutdownAgents(timeoutMs));
    });
}

void JNICALL serverClose0(JNIEnv*, jclass, jlong handle) { delete server(handle); }

jlong JNICALL agentCreate0(JNIEnv* env, jclass, jobject javaOptions) {
    return guarded<jlong>(env, 0, [&] {
        std::string host = stringField(env, javaOptions, java.serverHost);
        std::string node = stringField(env, javaOptions, java.nodeId);
        std::string bind = stringField(env, javaOptions, java.bindHost);  // empty when null
        std::string secret = stringField(env, javaOptions, java.token);
        sync::SyncAgentOptions options;
        options.server =
            Address::resolve(host, toPort(env->GetIntField(javaOptions, java.serverPort)));
        options.nodeId = node;
        options.bindIp = bind.empty() ? 0 : Address::resolve(bind, 0).ip;
        options.port = toPort(env->GetIntField(javaOptions, java.port));
        options.secret = secret;
        options.serverTimeoutMs = env->GetIntField(javaOptions, java.serverTimeoutMs);
        return reinterpret_cast<jlong>(new SyncAgent(options));
    });
}

jstring JNICALL agentAddress0(JNIEnv* env, jclass, jlong handle) {
    return guarded<jstring>(env, nullptr, [&] {
        return env->NewStringUTF(agent(handle)->local().toString().c_str());
    });
}

jobject JNICALL agentRun0(JNIEnv* env, jclass, jlong handle) {
    return guarded<jobject>(env, nullptr, [&] {
        SyncAgent::Result result = agent(handle)->run();
        jobject outcome = outcomeConstant(result.outcome);
        jstring message = env->NewStringUTF(result.message.c_str());
        jobject record =
            message == nullptr ? nullptr : java.agentResult.create(env, outcome, message);
        env->DeleteLocalRef(message);
        return record;
    });
}

void JNICALL agentStop0(JNIEnv*, jclass, jlong handle) { agent(handle)->stop(); }

jobject JNICALL agentCounters0(JNIEnv* env, jclass, jlong handle) {
    return guarded<jobject>(env, nullptr, [&] {
        const sync::SyncAgentCounters& c = agent(handle)->counters();
        const sync::SweepResponder& sweeps = agent(handle)->sweepResponder();
        return java.agentCounters.create(
            env, static_cast<jlong>(c.malformed.load()), static_cast<jlong>(c.oversized.load()),
            static_cast<jlong>(c.wrongVersion.load()),
            static_cast<jlong>(c.unauthenticated.load()),
            static_cast<jlong>(c.wrongSession.load()), static_cast<jlong>(c.replayed.load()),
            static_cast<jlong>(c.outOfBounds.load()),
            static_cast<jlong>(c.repeatedRequests.load()), static_cast<jlong>(c.unexpected.load()),
            static_cast<jlong>(c.pingsAnswered.load()),
            static_cast<jlong>(c.exchangesCompleted.load()),
            static_cast<jlong>(c.exchangesLost.load()),
            static_cast<jlong>(sweeps.framesAnswered()), static_cast<jlong>(sweeps.badFrames()),
            static_cast<jlong>(c.clockWentBackwards.load()));
    });
}

void JNICALL agentClose0(JNIEnv*, jclass, jlong handle) { delete agent(handle); }

const JNINativeMethod kSyncMethods[] = {
    NATIVE(serverStart0, "(Ljava/lang/String;ILjava/lang/String;I)J"),
    NATIVE(serverAddress0, "(J)Ljava/lang/String;"),
    NATIVE(serverAwaitNodes0, "(JII)Z"),
    NATIVE(serverNodes0, "(J)[Lorg/cloudprofiler/sync/SyncNode;"),
    NATIVE(serverRunPhase0, "(JIZI)[Lorg/cloudprofiler/sync/service/internal/PairResult;"),
    NATIVE(serverRunSweep0, "(J[III)[Lorg/cloudprofiler/sync/service/internal/SweepResult;"),
    NATIVE(serverCounters0, "(J)Lorg/cloudprofiler/sync/service/SyncServerCounters;"),
    NATIVE(serverShutdownAgents0, "(JI)I"),
    NATIVE(serverClose0, "(J)V"),
    NATIVE(agentCreate0, "(Lorg/cloudprofiler/sync/service/internal/AgentOptions;)J"),
    NATIVE(agentAddress0, "(J)Ljava/lang/String;"),
    NATIVE(agentRun0, "(J)Lorg/cloudprofiler/sync/service/SyncAgent$Result;"),
    NATIVE(agentStop0, "(J)V"),
    NATIVE(agentCounters0, "(J)Lorg/cloudprofiler/sync/service/SyncAgentCounters;"),
    NATIVE(agentClose0, "(J)V"),
};

}  // namespace

bool registerSyncNatives(JNIEnv* env) {
    return bindJavaTypes(env) &&
           registerNatives(env, "org/cloudprofiler/sync/service/internal/SyncNative", kSyncMethods);
}

}  // namespace cloudprofiler
