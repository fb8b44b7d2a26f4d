// The golden files pin wire format v2. GoldenWireFilesTest (Java) wrote them from the spec, and
// the YSB event with Kryo's own Output; the C++ writers must produce them byte for byte.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "bucket_writer.h"
#include "ysb_events.h"

namespace cloudprofiler::generator {
namespace {

std::string readGolden(const std::string& name) {
    std::ifstream in(std::string(CP_GOLDEN_DIR) + "/" + name, std::ios::binary);
    EXPECT_TRUE(in.good()) << "missing golden file " << name;
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The recipe of README.md: sender 1 of 3, id base 1000, payloads "golden" and "bucket!".
PayloadPool goldenPool() {
    return PayloadPool(PayloadClass::kPreloaded, {"golden", "bucket!"});
}

TEST(GoldenWireFiles, aPreloadedBucket) {
    PayloadPool pool = goldenPool();
    BucketWriter writer(pool, 1, 3, 1000);
    std::string bucket(writer.nextBucketBytes(3), '\0');
    writer.writeNext(reinterpret_cast<uint8_t*>(bucket.data()), 3, 7, 0);
    EXPECT_EQ(bucket, readGolden("bucket-preloaded.cpgb"));
}

TEST(GoldenWireFiles, anEndOfRunMarker) {
    PayloadPool pool = goldenPool();
    BucketWriter writer(pool, 1, 3, 1000);
    MarkerBody body;
    body.tuplesSent = 3;
    body.bucketsSent = 1;
    body.tuplesDropped = 5;
    std::string marker(BucketWriter::kMarkerBytes, '\0');
    writer.writeMarker(reinterpret_cast<uint8_t*>(marker.data()), 8, body);
    EXPECT_EQ(marker, readGolden("marker.cpgb"));
}

TEST(GoldenWireFiles, aYsbAdEventAsKryoWritesIt) {
    YsbAdEvent event;
    event.userId = "3f0c6a2e-5b1d-4c7a-9e8f-1a2b3c4d5e6f";
    event.pageId = "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d";
    event.adId = "0f8e3b52-1c5d-4a7e-9b21-7d3c2e1f4a60";
    event.adType = "sponsored-search";
    event.eventType = "view";
    event.eventTimeMs = 1'767'225'600'123LL;
    event.ipAddress = "10.0.0.1";
    uint32_t eventTimeOffset = 0;
    EXPECT_EQ(encodeYsbAdEvent(event, &eventTimeOffset), readGolden("ysb-ad-event.kryo"));
    EXPECT_EQ(eventTimeOffset, 3 * 37 + 16 + 4);
}

}  // namespace
}  // namespace cloudprofiler::generator
