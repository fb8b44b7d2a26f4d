#include "bucket_reader.h"

#include <gtest/gtest.h>

#include "little_endian.h"

namespace cloudprofiler::generator::testing {

ReadBucket readBucket(const uint8_t* bytes, size_t size) {
    ReadBucket bucket;
    EXPECT_GE(size, kBucketHeaderBytes);
    if (size < kBucketHeaderBytes) {
        return bucket;
    }
    EXPECT_EQ(loadLittleEndian<uint32_t>(bytes), kBucketMagic);
    EXPECT_EQ(loadLittleEndian<uint16_t>(bytes + 4), kWireVersion);
    BucketHeader& header = bucket.header;
    header.flags = loadLittleEndian<uint16_t>(bytes + 6);
    header.payloadClass = static_cast<PayloadClass>(loadLittleEndian<uint32_t>(bytes + 8));
    header.sender = loadLittleEndian<uint16_t>(bytes + 12);
    header.senderCount = loadLittleEndian<uint16_t>(bytes + 14);
    header.sequence = loadLittleEndian<uint64_t>(bytes + 16);
    header.tupleCount = loadLittleEndian<uint32_t>(bytes + 24);
    header.bodyBytes = loadLittleEndian<uint32_t>(bytes + 28);
    EXPECT_EQ(kBucketHeaderBytes + header.bodyBytes, size) << "body length";
    const uint8_t* body = bytes + kBucketHeaderBytes;
    if (bucket.isMarker()) {
        EXPECT_EQ(header.tupleCount, 0u);
        EXPECT_EQ(header.bodyBytes, kMarkerBodyBytes);
        if (header.bodyBytes == kMarkerBodyBytes && size == kBucketHeaderBytes + kMarkerBodyBytes) {
            bucket.marker.tuplesSent = loadLittleEndian<uint64_t>(body);
            bucket.marker.bucketsSent = loadLittleEndian<uint64_t>(body + 8);
            bucket.marker.tuplesDropped = loadLittleEndian<uint64_t>(body + 16);
        }
        return bucket;
    }
    size_t offset = 0;
    size_t bodyBytes = size - kBucketHeaderBytes;
    for (uint32_t i = 0; i < header.tupleCount; ++i) {
        if (offset + kTupleHeaderBytes > bodyBytes) {
            ADD_FAILURE() << "tuple " << i << " starts past the body";
            return bucket;
        }
        ReadTuple tuple;
        tuple.id = static_cast<int64_t>(loadLittleEndian<uint64_t>(body + offset));
        uint32_t payloadBytes = loadLittleEndian<uint32_t>(body + offset + 8);
        offset += kTupleHeaderBytes;
        if (offset + payloadBytes > bodyBytes) {
            ADD_FAILURE() << "tuple " << i << "'s payload runs past the body";
            return bucket;
        }
        tuple.payload.assign(reinterpret_cast<const char*>(body + offset), payloadBytes);
        offset += payloadBytes;
        bucket.tuples.push_back(std::move(tuple));
    }
    EXPECT_EQ(offset, bodyBytes) << "the tuples do not fill the body exactly";
    return bucket;
}

}  // namespace cloudprofiler::generator::testing
