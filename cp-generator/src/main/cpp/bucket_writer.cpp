#include "bucket_writer.h"

#include <cstring>

namespace cloudprofiler::generator {

BucketWriter::BucketWriter(const PayloadPool& pool, uint16_t sender, uint16_t senderCount,
                           int64_t idBase)
    : pool_(pool),
      sender_(sender),
      senderCount_(senderCount),
      idBase_(idBase),
      payloadStride_(senderCount % pool.count()),
      payloadIndex_(sender % pool.count()) {}

size_t BucketWriter::nextBucketBytes(uint32_t tuples) const {
    size_t bytes = kBucketHeaderBytes + static_cast<size_t>(tuples) * kTupleHeaderBytes;
    if (pool_.count() == 1) {
        return bytes + static_cast<size_t>(tuples) * pool_.payloadBytes(0);
    }
    size_t index = payloadIndex_;
    for (uint32_t i = 0; i < tuples; ++i) {
        bytes += pool_.payloadBytes(index);
        index += payloadStride_;
        if (index >= pool_.count()) {
            index -= pool_.count();
        }
    }
    return bytes;
}

void BucketWriter::writeNext(uint8_t* out, uint32_t tuples, uint64_t sequence,
                             int64_t eventTimeMs) {
    BucketHeader bucket = header(sequence);
    bucket.tupleCount = tuples;
    uint8_t* cursor = out + kBucketHeaderBytes;
    int64_t id = idBase_ + static_cast<int64_t>(tuplesWritten_ * senderCount_ + sender_);
    for (uint32_t i = 0; i < tuples; ++i) {
        uint32_t payloadBytes = pool_.payloadBytes(payloadIndex_);
        writeTupleHeader(cursor, id, payloadBytes);
        cursor += kTupleHeaderBytes;
        std::memcpy(cursor, pool_.payload(payloadIndex_), payloadBytes);
        if (pool_.stampsEventTime()) {
            pool_.stampEventTime(cursor, payloadIndex_, eventTimeMs);
        }
        cursor += payloadBytes;
        id += senderCount_;
        payloadIndex_ += payloadStride_;
        if (payloadIndex_ >= pool_.count()) {
            payloadIndex_ -= pool_.count();
        }
    }
    tuplesWritten_ += tuples;
    bucket.bodyBytes = static_cast<uint32_t>(cursor - out - kBucketHeaderBytes);
    writeBucketHeader(out, bucket);
}

void BucketWriter::writeMarker(uint8_t* out, uint64_t sequence, const MarkerBody& body) const {
    BucketHeader marker = header(sequence);
    marker.flags = kEndOfRunFlag;
    marker.bodyBytes = kMarkerBodyBytes;
    writeBucketHeader(out, marker);
    writeMarkerBody(out + kBucketHeaderBytes, body);
}

BucketHeader BucketWriter::header(uint64_t sequence) const {
    BucketHeader header;
    header.payloadClass = pool_.payloadClass();
    header.sender = sender_;
    header.senderCount = senderCount_;
    header.sequence = sequence;
    return header;
}

}  // namespace cloudprofiler::generator
