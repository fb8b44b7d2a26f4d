// The built-in Yahoo-streaming-benchmark ad events (payload class 1): campaigns and their ads,
// the event itself and its Kryo bytes, and the pool a run cycles through.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "payload_pool.h"

namespace cloudprofiler::generator {

constexpr size_t kYsbCampaigns = 100;
constexpr size_t kYsbAdsPerCampaign = 10;
constexpr size_t kYsbPoolEvents = 10000;

// Ad i belongs to campaign i / kYsbAdsPerCampaign; all UUID text, drawn from the seed.
struct YsbCampaigns {
    std::vector<std::string> campaignIds;
    std::vector<std::string> adIds;
};

struct YsbAdEvent {
    std::string userId;
    std::string pageId;
    std::string adId;
    std::string adType;
    std::string eventType;
    int64_t eventTimeMs = 0;
    std::string ipAddress;
};

YsbCampaigns makeYsbCampaigns(uint64_t seed);

// The event's Kryo bytes, field by field as docs/wire-format.md lists them; `eventTimeOffset`
// receives where eventTimeMs starts.
std::string encodeYsbAdEvent(const YsbAdEvent& event, uint32_t* eventTimeOffset);

// `events` random events over the ads of makeYsbCampaigns(seed), stamped `eventTimeMs` (each
// bucket restamps its copies with the time it is built).
PayloadPool makeYsbEventPool(uint64_t seed, size_t events, int64_t eventTimeMs);

}  // namespace cloudprofiler::generator
