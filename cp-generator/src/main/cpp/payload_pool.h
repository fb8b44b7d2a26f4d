// The payloads a run cycles through, serialised once before it starts so that the emission
// loop only copies bytes: tuple index g (id − base) carries payload g mod count().
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "wire_format.h"

namespace cloudprofiler::generator {

class PayloadPool {
public:
    // `eventTimeOffsets`, if not empty, holds for every payload where its Kryo varlong
    // eventTimeMs starts; stampEventTime() rewrites it with each bucket's time.
    // Throws ProfilerError(kInvalidArgument) for no payload or one above the format's limit.
    PayloadPool(PayloadClass payloadClass, std::vector<std::string> payloads,
                std::vector<uint32_t> eventTimeOffsets = {});

    // One payload of `bytes` pseudo-random bytes drawn from `seed`.
    static PayloadPool raw(uint32_t bytes, uint64_t seed);

    PayloadClass payloadClass() const { return payloadClass_; }
    size_t count() const { return offsets_.size() - 1; }
    uint32_t payloadBytes(size_t index) const {
        return static_cast<uint32_t>(offsets_[index + 1] - offsets_[index]);
    }
    const uint8_t* payload(size_t index) const {
        return reinterpret_cast<const uint8_t*>(bytes_.data()) + offsets_[index];
    }
    uint32_t maxPayloadBytes() const { return maxPayloadBytes_; }

    bool stampsEventTime() const { return !eventTimeOffsets_.empty(); }
    // Overwrites eventTimeMs in `copy`, a copy of payload `index`. The field keeps its length:
    // every time from 1971 to 2109 is a 6-byte varlong.
    void stampEventTime(uint8_t* copy, size_t index, int64_t eventTimeMs) const;

private:
    PayloadClass payloadClass_;
    std::string bytes_;
    std::vector<size_t> offsets_;
    std::vector<uint32_t> eventTimeOffsets_;
    uint32_t maxPayloadBytes_ = 0;
};

}  // namespace cloudprofiler::generator
