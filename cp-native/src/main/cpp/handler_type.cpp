#include "handler_type.h"

#include <limits>

namespace cloudprofiler {
namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
const ParameterSpec kPeriod{"periodNs", 100'000'000, 1'000'000, kMax};

const std::vector<HandlerDescription>& descriptions() {
    static const auto* table = new std::vector<HandlerDescription>{
        {HandlerType::kNull, "NULL", {"id", "tsc"}, {}, false},
        {HandlerType::kId, "ID", {"id", "tsc"}, {}, false},
        {HandlerType::kBufferedId, "BUFFERED_ID", {"id", "tsc"}, {}, false},
        {HandlerType::kSpc, "SPC", {"tsc", "count"}, {kPeriod}, false},
        {HandlerType::kMpc, "MPC", {"tsc", "count"}, {kPeriod}, true},
        {HandlerType::kDownsample, "DOWNSAMPLE", {"id", "tsc"}, {{"n", 100, 1, kMax}}, false},
        {HandlerType::kXoy, "XOY", {"id", "tsc"}, {{"x", 1, 0, kMax}, {"y", 100, 1, kMax}}, false},
        {HandlerType::kFirstLast, "FIRST_LAST", {"id", "tsc"}, {}, false},
        {HandlerType::kCpu, "CPU", {"tsc", "count", "cpu_ns"}, {kPeriod}, false},
    };
    return *table;
}

}  // namespace

const HandlerDescription* describeHandler(int id) {
    for (const HandlerDescription& description : descriptions()) {
        if (static_cast<int>(description.type) == id) {
            return &description;
        }
    }
    return nullptr;
}

}  // namespace cloudprofiler
