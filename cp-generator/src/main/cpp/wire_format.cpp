#include "wire_format.h"

#include "little_endian.h"

namespace cloudprofiler::generator {

void writeBucketHeader(uint8_t* out, const BucketHeader& header) {
    storeLittleEndian<uint32_t>(out, kBucketMagic);
    storeLittleEndian<uint16_t>(out + 4, kWireVersion);
    storeLittleEndian<uint16_t>(out + 6, header.flags);
    storeLittleEndian<uint32_t>(out + 8, static_cast<uint32_t>(header.payloadClass));
    storeLittleEndian<uint16_t>(out + 12, header.sender);
    storeLittleEndian<uint16_t>(out + 14, header.senderCount);
    storeLittleEndian<uint64_t>(out + 16, header.sequence);
    storeLittleEndian<uint32_t>(out + 24, header.tupleCount);
    storeLittleEndian<uint32_t>(out + 28, header.bodyBytes);
}

void writeTupleHeader(uint8_t* out, int64_t tupleId, uint32_t payloadBytes) {
    storeLittleEndian<uint64_t>(out, static_cast<uint64_t>(tupleId));
    storeLittleEndian<uint32_t>(out + 8, payloadBytes);
}

void writeMarkerBody(uint8_t* out, const MarkerBody& body) {
    storeLittleEndian<uint64_t>(out, body.tuplesSent);
    storeLittleEndian<uint64_t>(out + 8, body.bucketsSent);
    storeLittleEndian<uint64_t>(out + 16, body.tuplesDropped);
}

}  // namespace cloudprofiler::generator
