// Settings read once from the environment (docs/configuration.md lists them all).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace cloudprofiler {

enum class FullPolicy { kBlock, kDrop };

struct Config {
    std::string logDirectory;  // $CP_LOG_DIR/<node>, absolute
    std::string nodeId;
    size_t bufferBytes = 64u << 20;  // bound on full blocks waiting to be written
    FullPolicy onFull = FullPolicy::kBlock;
    int compressThreads = 1;
    int zstdLevel = 3;
    uint32_t maxBlockRecords = 32768;
    uint32_t firstBlockRecords = 1024;
    std::string retToken;  // shared by the RET_START and RET_END nodes of a run; empty: none

    // Reads the environment; throws ProfilerError (kEnvironment) naming a bad variable.
    static Config fromEnvironment();
};

// Valid name component: letters, digits and . _ - + @ = ; not "." or "..".
bool isValidNameComponent(const std::string& component);

}  // namespace cloudprofiler
