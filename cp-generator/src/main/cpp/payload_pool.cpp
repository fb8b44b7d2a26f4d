#include "payload_pool.h"

#include <algorithm>
#include <random>

#include "kryo_output.h"
#include "profiler_error.h"

namespace cloudprofiler::generator {

PayloadPool::PayloadPool(PayloadClass payloadClass, std::vector<std::string> payloads,
                         std::vector<uint32_t> eventTimeOffsets)
    : payloadClass_(payloadClass), eventTimeOffsets_(std::move(eventTimeOffsets)) {
    if (payloads.empty()) {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            "no payload to send: load at least one byte array");
    }
    offsets_.reserve(payloads.size() + 1);
    offsets_.push_back(0);
    for (size_t i = 0; i < payloads.size(); ++i) {
        if (payloads[i].size() > kMaxPayloadBytes) {
            throw ProfilerError(
                ProfilerError::Kind::kInvalidArgument,
                "payload " + std::to_string(i) + " has " + std::to_string(payloads[i].size()) +
                    " bytes; the wire format allows at most " + std::to_string(kMaxPayloadBytes));
        }
        bytes_.append(payloads[i]);
        offsets_.push_back(bytes_.size());
        maxPayloadBytes_ = std::max(maxPayloadBytes_, static_cast<uint32_t>(payloads[i].size()));
    }
}

PayloadPool PayloadPool::raw(uint32_t bytes, uint64_t seed) {
    std::mt19937_64 random(seed);
    std::string payload(bytes, '\0');
    for (char& byte : payload) {
        byte = static_cast<char>(random());
    }
    return PayloadPool(PayloadClass::kRaw, {std::move(payload)});
}

void PayloadPool::stampEventTime(uint8_t* copy, size_t index, int64_t eventTimeMs) const {
    writeVarUnsigned(copy + eventTimeOffsets_[index], static_cast<uint64_t>(eventTimeMs), 9);
}

}  // namespace cloudprofiler::generator
