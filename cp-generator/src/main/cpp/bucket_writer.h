// Lays out one sender's buckets (docs/wire-format.md): tuple ids base + k·T + t for its k-th
// tuple, each with payload (k·T + t) mod poolSize of the pool. Single-threaded: one per sender.
#pragma once

#include <cstddef>
#include <cstdint>

#include "payload_pool.h"
#include "wire_format.h"

namespace cloudprofiler::generator {

class BucketWriter {
public:
    BucketWriter(const PayloadPool& pool, uint16_t sender, uint16_t senderCount, int64_t idBase);

    // Bytes of the next data bucket of `tuples` tuples, header included.
    size_t nextBucketBytes(uint32_t tuples) const;

    // Writes that bucket at `out` (nextBucketBytes(tuples) bytes) and moves past its tuples.
    // `eventTimeMs` is stamped into payloads that carry an event time.
    void writeNext(uint8_t* out, uint32_t tuples, uint64_t sequence, int64_t eventTimeMs);

    static constexpr size_t kMarkerBytes = kBucketHeaderBytes + kMarkerBodyBytes;
    // Writes an end-of-run marker (kMarkerBytes) at `out`.
    void writeMarker(uint8_t* out, uint64_t sequence, const MarkerBody& body) const;

    // Tuples written so far, k of the next one.
    uint64_t tuplesWritten() const { return tuplesWritten_; }

private:
    BucketHeader header(uint64_t sequence) const;

    const PayloadPool& pool_;
    const uint16_t sender_;
    const uint16_t senderCount_;
    const int64_t idBase_;
    const size_t payloadStride_;  // T mod poolSize: how far the payload index moves per tuple
    uint64_t tuplesWritten_ = 0;
    size_t payloadIndex_;
};

}  // namespace cloudprofiler::generator
