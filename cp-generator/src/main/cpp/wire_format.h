// The generator's bucket format, version 2 (docs/wire-format.md): the contract with the JOF.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cloudprofiler::generator {

constexpr uint32_t kBucketMagic = 0x42475043;  // "CPGB" in little-endian bytes
constexpr uint16_t kWireVersion = 2;
constexpr uint16_t kEndOfRunFlag = 1;

constexpr size_t kBucketHeaderBytes = 32;
constexpr size_t kTupleHeaderBytes = 12;  // i64 id, u32 payload length
constexpr size_t kMarkerBodyBytes = 24;

constexpr uint32_t kMaxTuplesPerBucket = 1u << 20;
constexpr uint32_t kMaxPayloadBytes = 16u << 20;
constexpr uint64_t kMaxBodyBytes = 256u << 20;

// The payload classes of the format; the JOF is configured for one of them.
enum class PayloadClass : uint32_t {
    kRaw = 0,
    kYsbAdEvent = 1,
    kPreloaded = 2,
};

struct BucketHeader {
    uint16_t flags = 0;
    PayloadClass payloadClass = PayloadClass::kRaw;
    uint16_t sender = 0;
    uint16_t senderCount = 1;
    uint64_t sequence = 0;
    uint32_t tupleCount = 0;
    uint32_t bodyBytes = 0;
};

// What a sender tells a receiver after its last data bucket, all of it about that receiver, so
// that receivers can add up their senders' reports without counting a drop twice.
struct MarkerBody {
    uint64_t tuplesSent = 0;
    uint64_t bucketsSent = 0;
    uint64_t tuplesDropped = 0;  // sends towards this receiver that would have blocked
};

// Writes the 32 header bytes at `out`.
void writeBucketHeader(uint8_t* out, const BucketHeader& header);

// Writes one tuple's 12-byte header at `out`; its payload follows.
void writeTupleHeader(uint8_t* out, int64_t tupleId, uint32_t payloadBytes);

// Writes a marker's 24-byte body at `out`.
void writeMarkerBody(uint8_t* out, const MarkerBody& body);

}  // namespace cloudprofiler::generator
