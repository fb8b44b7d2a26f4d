// The handlers a channel can use: ids, columns and parameters (docs/log-format.md). Mirrors
// org.cloudprofiler.log.HandlerType; the ids are part of the log format.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cloudprofiler {

enum class HandlerType : uint16_t {
    kNull = 0,
    kId = 1,
    kBufferedId = 2,
    kSpc = 3,
    kMpc = 4,
    kDownsample = 5,
    kXoy = 6,
    kFirstLast = 7,
    kCpu = 8,
    kRetStart = 9,
    kRetEnd = 10,
};

constexpr int64_t kPoisonPillId = -1;

struct ParameterSpec {
    const char* name;
    int64_t defaultValue;
    int64_t min;
    int64_t max;
};

struct HandlerDescription {
    HandlerType type;
    const char* name;
    std::vector<std::string> columns;
    std::vector<ParameterSpec> parameters;
    bool multiWriterByNature;
};

// The description of handler `id`, or nullptr if there is none.
const HandlerDescription* describeHandler(int id);

}  // namespace cloudprofiler
