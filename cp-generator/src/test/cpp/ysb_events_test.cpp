// The built-in YSB events decode field by field as docs/wire-format.md says, restamp in place,
// and come from the seed alone.
#include "ysb_events.h"

#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>

#include "kryo_reader.h"

namespace cloudprofiler::generator {
namespace {

using testing::KryoReader;

constexpr int64_t kTimeMs = 1'767'225'600'123LL;

YsbAdEvent decode(const uint8_t* bytes, size_t size) {
    std::string copy(reinterpret_cast<const char*>(bytes), size);
    KryoReader reader(copy);
    YsbAdEvent event;
    event.userId = reader.readString();
    event.pageId = reader.readString();
    event.adId = reader.readString();
    event.adType = reader.readString();
    event.eventType = reader.readString();
    event.eventTimeMs = reader.readVarLong();
    event.ipAddress = reader.readString();
    EXPECT_EQ(reader.position(), size) << "bytes left after the last field";
    return event;
}

TEST(YsbEvents, everyPooledEventDecodesToPlausibleFields) {
    const std::regex uuid("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
    const std::regex ip("([0-9]{1,3}\\.){3}[0-9]{1,3}");
    const std::set<std::string> adTypes = {"banner", "modal", "sponsored-search", "mail", "mobile"};
    const std::set<std::string> eventTypes = {"view", "click", "purchase"};
    YsbCampaigns campaigns = makeYsbCampaigns(7);
    std::set<std::string> ads(campaigns.adIds.begin(), campaigns.adIds.end());
    PayloadPool pool = makeYsbEventPool(7, 2000, kTimeMs);
    ASSERT_EQ(pool.count(), 2000u);
    EXPECT_EQ(pool.payloadClass(), PayloadClass::kYsbAdEvent);
    std::set<std::string> seenEventTypes;
    for (size_t i = 0; i < pool.count(); ++i) {
        YsbAdEvent event = decode(pool.payload(i), pool.payloadBytes(i));
        EXPECT_TRUE(std::regex_match(event.userId, uuid)) << event.userId;
        EXPECT_TRUE(std::regex_match(event.pageId, uuid)) << event.pageId;
        EXPECT_EQ(ads.count(event.adId), 1u) << event.adId;
        EXPECT_EQ(adTypes.count(event.adType), 1u) << event.adType;
        EXPECT_EQ(eventTypes.count(event.eventType), 1u) << event.eventType;
        EXPECT_EQ(event.eventTimeMs, kTimeMs);
        EXPECT_TRUE(std::regex_match(event.ipAddress, ip)) << event.ipAddress;
        seenEventTypes.insert(event.eventType);
    }
    EXPECT_EQ(seenEventTypes, eventTypes);
}

TEST(YsbEvents, restampingChangesOnlyTheEventTime) {
    PayloadPool pool = makeYsbEventPool(3, 10, kTimeMs);
    ASSERT_TRUE(pool.stampsEventTime());
    for (size_t i = 0; i < pool.count(); ++i) {
        std::string copy(reinterpret_cast<const char*>(pool.payload(i)), pool.payloadBytes(i));
        pool.stampEventTime(reinterpret_cast<uint8_t*>(copy.data()), i, kTimeMs + 987'654);
        YsbAdEvent original = decode(pool.payload(i), pool.payloadBytes(i));
        YsbAdEvent stamped = decode(reinterpret_cast<const uint8_t*>(copy.data()), copy.size());
        EXPECT_EQ(stamped.eventTimeMs, kTimeMs + 987'654);
        EXPECT_EQ(stamped.userId, original.userId);
        EXPECT_EQ(stamped.ipAddress, original.ipAddress);
    }
}

TEST(YsbEvents, campaignsComeFromTheSeedAlone) {
    YsbCampaigns first = makeYsbCampaigns(11);
    YsbCampaigns again = makeYsbCampaigns(11);
    YsbCampaigns other = makeYsbCampaigns(12);
    EXPECT_EQ(first.adIds, again.adIds);
    EXPECT_EQ(first.campaignIds, again.campaignIds);
    EXPECT_NE(first.adIds, other.adIds);
    EXPECT_EQ(first.campaignIds.size(), kYsbCampaigns);
    EXPECT_EQ(std::set<std::string>(first.adIds.begin(), first.adIds.end()).size(),
              kYsbCampaigns * kYsbAdsPerCampaign);
}

}  // namespace
}  // namespace cloudprofiler::generator
