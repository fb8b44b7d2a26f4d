#include "handler_type.h"

#include <limits>

namespace cloudprofiler {
namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
const ParameterSpec kPeriod{"periodNs", 100'000'000, 1'000'000, kMax};
// IPv4 addresses are unsigned 32-bit values in host order; acks stay on loopback unless the
// user names another address. Ports default to 0, "not set": there is no sensible default.
constexpr int64_t kLoopback = 0x7F000001;
constexpr int64_t kMaxIpv4 = 0xFFFFFFFF;
const ParameterSpec kPort{"port", 0, 1, 65535};

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
        {HandlerType::kRetStart,
         "RET_START",
         {"id", "tsc", "ack_tsc"},
         {kPort, {"bindAddress", kLoopback, 0, kMaxIpv4}, {"capacity", 65536, 1, 1 << 24}},
         false},
        {HandlerType::kRetEnd,
         "RET_END",
         {"id", "tsc"},
         {{"startAddress", kLoopback, 1, kMaxIpv4}, kPort},
         false},
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
