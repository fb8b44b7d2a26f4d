// The block a channel's writer is filling, and where full blocks go: written at once by the
// writer itself (kDirect) or handed to the flush pipeline (kPipelined). Single writer: the
// channel guarantees one thread at a time; statistics may be read from any thread.
#pragma once

#include <atomic>
#include <cstdint>

#include "api/single_writer_counter.h"
#include "config.h"
#include "log_format.h"
#include "record_block.h"

namespace cloudprofiler {

class BlockPool;
class FlushPipeline;
class LogFile;
struct ProfilerCounters;

class RecordBuffer {
public:
    enum class Mode { kDirect, kPipelined };

    struct Services {
        BlockPool& pool;
        FlushPipeline& pipeline;
        const Config& config;
        ProfilerCounters& counters;
    };

    RecordBuffer(Mode mode, LogFile& file, Codec codec, int columns, const Services& services);
    ~RecordBuffer();

    RecordBuffer(const RecordBuffer&) = delete;
    RecordBuffer& operator=(const RecordBuffer&) = delete;

    // Hot path: the row to fill, then commit() it. Starts a new block when the current is full.
    inline int64_t* nextRow() {
        if (__builtin_expect(block_ == nullptr || block_->count == block_->capacity, 0)) {
            rotate();
        }
        return block_->values.get() + static_cast<size_t>(block_->count) * columns_;
    }
    inline void commit() {
        ++block_->count;
        recorded_.increment();
    }

    // Writes out whatever is buffered and waits until it is in the file.
    void flush();

    Codec codec() const { return codec_; }
    LogFile& file() { return file_; }
    // Records kept: committed ones, less those of blocks dropped under the drop policy.
    uint64_t recorded() const {
        uint64_t dropped = dropped_.get();  // first: every dropped record was committed before
        return recorded_.get() - dropped;
    }
    uint64_t dropped() const { return dropped_.get(); }
    uint64_t stalls() const { return stalls_.get(); }
    uint64_t stallNs() const { return stallNs_.get(); }

    // For the flush pipeline's I/O thread.
    uint64_t blocksWrittenByPipeline() const {
        return pipelineWritten_.load(std::memory_order_acquire);
    }
    void markBlockWritten() { pipelineWritten_.fetch_add(1, std::memory_order_release); }

private:
    void rotate();
    void handOver(RecordBlock* full);
    void writeDirect(RecordBlock* full);
    uint32_t nextCapacity() const;

    const Mode mode_;
    LogFile& file_;
    const Codec codec_;
    const int columns_;
    Services services_;
    RecordBlock* block_ = nullptr;
    uint64_t submitted_ = 0;
    BlockScratch* directScratch_ = nullptr;
    std::atomic<uint64_t> pipelineWritten_{0};
    SingleWriterCounter recorded_;
    SingleWriterCounter dropped_;
    SingleWriterCounter stalls_;
    SingleWriterCounter stallNs_;
};

}  // namespace cloudprofiler
