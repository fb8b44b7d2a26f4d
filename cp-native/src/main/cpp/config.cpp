#include "config.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <thread>

#include "api/profiler_error.h"
#include "tsc_clock.h"

namespace cloudprofiler {
namespace {

std::string environment(const char* name) {
    const char* value = std::getenv(name);
    return value == nullptr ? std::string() : std::string(value);
}

long long integerSetting(const char* name, long long fallback, long long min, long long max) {
    std::string text = environment(name);
    if (text.empty()) {
        return fallback;
    }
    char* end = nullptr;
    long long value = std::strtoll(text.c_str(), &end, 10);
    if (end == text.c_str() || *end != '\0' || value < min || value > max) {
        throw ProfilerError(ProfilerError::Kind::kEnvironment,
                            std::string(name) + "=" + text + " is not valid: use an integer from " +
                                std::to_string(min) + " to " + std::to_string(max) +
                                ", or unset it for the default " + std::to_string(fallback));
    }
    return value;
}

bool isNameCharacter(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-' ||
           c == '+' || c == '@' || c == '=';
}

std::string defaultNodeId() {
    char host[256] = {0};
    if (gethostname(host, sizeof(host) - 1) != 0 || host[0] == '\0') {
        return "localhost";
    }
    std::string node(host);
    std::replace_if(node.begin(), node.end(), [](char c) { return !isNameCharacter(c); }, '_');
    return node;
}

std::string absolutePath(const std::string& path) {
    if (!path.empty() && path[0] == '/') {
        return path;
    }
    char cwd[4096];
    if (getcwd(cwd, sizeof(cwd)) == nullptr) {
        return path;
    }
    return std::string(cwd) + "/" + path;
}

}  // namespace

bool isValidNameComponent(const std::string& component) {
    if (component.empty() || component == "." || component == "..") {
        return false;
    }
    return std::all_of(component.begin(), component.end(), isNameCharacter);
}

Config Config::fromEnvironment() {
    if (!TscClock::testClockError().empty()) {
        throw ProfilerError(ProfilerError::Kind::kEnvironment, TscClock::testClockError());
    }
    Config config;
    config.nodeId = environment("CP_NODE_ID");
    if (config.nodeId.empty()) {
        config.nodeId = defaultNodeId();
    } else if (!isValidNameComponent(config.nodeId)) {
        throw ProfilerError(ProfilerError::Kind::kEnvironment,
                            "CP_NODE_ID=" + config.nodeId +
                                " is not valid: use letters, digits and . _ - + @ = only");
    }
    std::string base = environment("CP_LOG_DIR");
    if (base.empty()) {
        base = "cloudprofiler-logs";
    }
    config.logDirectory = absolutePath(base) + "/" + config.nodeId;

    config.bufferBytes = static_cast<size_t>(integerSetting("CP_BUFFER_MB", 64, 1, 65536)) << 20;
    std::string policy = environment("CP_ON_FULL");
    if (policy.empty() || policy == "block") {
        config.onFull = FullPolicy::kBlock;
    } else if (policy == "drop") {
        config.onFull = FullPolicy::kDrop;
    } else {
        throw ProfilerError(ProfilerError::Kind::kEnvironment,
                            "CP_ON_FULL=" + policy +
                                " is not valid: use 'block' (writers wait for memory) or 'drop'"
                                " (full blocks are dropped and counted)");
    }
    long long cores = std::max(1u, std::thread::hardware_concurrency());
    config.compressThreads =
        static_cast<int>(integerSetting("CP_COMPRESS_THREADS", std::clamp(cores / 2, 1LL, 4LL), 1, 16));
    config.zstdLevel = static_cast<int>(integerSetting("CP_ZSTD_LEVEL", 3, 1, 19));
    config.maxBlockRecords =
        static_cast<uint32_t>(integerSetting("CP_BLOCK_RECORDS", 32768, 1024, 1 << 20));
    config.firstBlockRecords = std::min<uint32_t>(1024, config.maxBlockRecords);
    config.retToken = environment("CP_RET_TOKEN");
    return config;
}

}  // namespace cloudprofiler
