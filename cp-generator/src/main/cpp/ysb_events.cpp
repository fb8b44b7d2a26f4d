#include "ysb_events.h"

#include <cstdio>
#include <random>

#include "kryo_output.h"

namespace cloudprofiler::generator {
namespace {

constexpr const char* kAdTypes[] = {"banner", "modal", "sponsored-search", "mail", "mobile"};
constexpr const char* kEventTypes[] = {"view", "click", "purchase"};

// Campaigns and events come from different streams of the same seed, so that the campaigns a
// pipeline joins against do not depend on how many events a run draws.
constexpr uint64_t kEventStream = 0x9E3779B97F4A7C15ULL;

// Version-4 UUID text of 128 random bits.
std::string randomUuid(std::mt19937_64& random) {
    uint64_t high = (random() & ~0xF000ULL) | 0x4000ULL;
    uint64_t low = (random() & ~(0xC000ULL << 48)) | (0x8000ULL << 48);
    char text[37];
    std::snprintf(text, sizeof text, "%08x-%04x-%04x-%04x-%012llx",
                  static_cast<unsigned>(high >> 32), static_cast<unsigned>((high >> 16) & 0xFFFF),
                  static_cast<unsigned>(high & 0xFFFF), static_cast<unsigned>(low >> 48),
                  static_cast<unsigned long long>(low & 0xFFFFFFFFFFFFULL));
    return text;
}

template <size_t kCount>
const char* pick(std::mt19937_64& random, const char* const (&choices)[kCount]) {
    return choices[random() % kCount];
}

std::string randomIpAddress(std::mt19937_64& random) {
    uint64_t bits = random();
    return std::to_string(bits & 0xFF) + "." + std::to_string((bits >> 8) & 0xFF) + "." +
           std::to_string((bits >> 16) & 0xFF) + "." + std::to_string((bits >> 24) & 0xFF);
}

}  // namespace

YsbCampaigns makeYsbCampaigns(uint64_t seed) {
    std::mt19937_64 random(seed);
    YsbCampaigns campaigns;
    for (size_t c = 0; c < kYsbCampaigns; ++c) {
        campaigns.campaignIds.push_back(randomUuid(random));
    }
    for (size_t a = 0; a < kYsbCampaigns * kYsbAdsPerCampaign; ++a) {
        campaigns.adIds.push_back(randomUuid(random));
    }
    return campaigns;
}

std::string encodeYsbAdEvent(const YsbAdEvent& event, uint32_t* eventTimeOffset) {
    KryoOutput out;
    out.writeAsciiString(event.userId);
    out.writeAsciiString(event.pageId);
    out.writeAsciiString(event.adId);
    out.writeAsciiString(event.adType);
    out.writeAsciiString(event.eventType);
    *eventTimeOffset = static_cast<uint32_t>(out.size());
    out.writeVarLong(event.eventTimeMs, true);
    out.writeAsciiString(event.ipAddress);
    return out.bytes();
}

PayloadPool makeYsbEventPool(uint64_t seed, size_t events, int64_t eventTimeMs) {
    YsbCampaigns campaigns = makeYsbCampaigns(seed);
    std::mt19937_64 random(seed ^ kEventStream);
    std::vector<std::string> payloads;
    std::vector<uint32_t> eventTimeOffsets(events);
    payloads.reserve(events);
    for (size_t i = 0; i < events; ++i) {
        YsbAdEvent event;
        event.userId = randomUuid(random);
        event.pageId = randomUuid(random);
        event.adId = campaigns.adIds[random() % campaigns.adIds.size()];
        event.adType = pick(random, kAdTypes);
        event.eventType = pick(random, kEventTypes);
        event.eventTimeMs = eventTimeMs;
        event.ipAddress = randomIpAddress(random);
        payloads.push_back(encodeYsbAdEvent(event, &eventTimeOffsets[i]));
    }
    return PayloadPool(PayloadClass::kYsbAdEvent, std::move(payloads), std::move(eventTimeOffsets));
}

}  // namespace cloudprofiler::generator
