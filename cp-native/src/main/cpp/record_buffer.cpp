#include "record_buffer.h"

#include <algorithm>
#include <vector>

#include "block_pool.h"
#include "flush_pipeline.h"
#include "log_file.h"
#include "profiler_counters.h"
#include "tsc_clock.h"
#include "warnings.h"

namespace cloudprofiler {

RecordBuffer::RecordBuffer(Mode mode, LogFile& file, Codec codec, int columns,
                           const Services& services)
    : mode_(mode), file_(file), codec_(codec), columns_(columns), services_(services) {}

RecordBuffer::~RecordBuffer() {
    if (block_ != nullptr) {
        services_.pool.give(block_);
    }
    delete directScratch_;
}

uint32_t RecordBuffer::nextCapacity() const {
    // Start small so that thousands of quiet channels cost little; double up to the maximum.
    if (block_ == nullptr) {
        return services_.config.firstBlockRecords;
    }
    return std::min(block_->capacity * 2, services_.config.maxBlockRecords);
}

void RecordBuffer::rotate() {
    uint32_t capacity = nextCapacity();
    RecordBlock* full = block_;
    block_ = nullptr;
    if (full != nullptr && full->count > 0) {
        if (mode_ == Mode::kDirect) {
            writeDirect(full);
            if (full->capacity == capacity) {
                full->count = 0;
                block_ = full;
                return;
            }
            services_.pool.give(full);
        } else {
            handOver(full);
        }
    } else if (full != nullptr) {
        services_.pool.give(full);
    }
    if (block_ == nullptr) {
        block_ = services_.pool.take(capacity, columns_);
    }
}

void RecordBuffer::handOver(RecordBlock* full) {
    size_t bytes = full->bytes();
    BlockPool& pool = services_.pool;
    if (!pool.tryReserve(bytes)) {
        if (services_.config.onFull == FullPolicy::kDrop) {
            dropped_.add(full->count);
            services_.counters.droppedRecords.fetch_add(full->count, std::memory_order_relaxed);
            Warnings::report("full-drop",
                             "log buffer memory exhausted (CP_BUFFER_MB); dropping full blocks"
                             " under CP_ON_FULL=drop, counted per channel. Raise CP_BUFFER_MB,"
                             " use fewer BUFFERED_ID channels, or give the writer more CPU.");
            full->count = 0;
            block_ = full;
            return;
        }
        int64_t started = readClockNs(CLOCK_MONOTONIC_RAW);
        pool.reserveWaiting(bytes);
        stalls_.increment();
        stallNs_.add(static_cast<uint64_t>(readClockNs(CLOCK_MONOTONIC_RAW) - started));
        Warnings::report("full-block",
                         "log buffer memory exhausted (CP_BUFFER_MB); writers wait under"
                         " CP_ON_FULL=block, counted as stalls per channel. Raise CP_BUFFER_MB"
                         " or set CP_ON_FULL=drop to never wait.");
    }
    full->owner = this;
    full->sequence = submitted_++;
    services_.pipeline.submit(full);
}

void RecordBuffer::writeDirect(RecordBlock* full) {
    if (directScratch_ == nullptr) {
        directScratch_ = new BlockScratch();
    }
    std::vector<uint8_t> bytes;
    try {
        encodeBlock(full->values.get(), full->count, full->columns, codec_,
                    services_.config.zstdLevel, *directScratch_, bytes);
        file_.appendBlock(bytes.data(), bytes.size(), full->count);
    } catch (const std::exception& e) {
        file_.countLost(full->count);
        Warnings::report("encode", std::string("cannot encode a log block: ") + e.what());
    }
}

void RecordBuffer::flush() {
    if (block_ != nullptr && block_->count > 0) {
        RecordBlock* full = block_;
        block_ = nullptr;
        if (mode_ == Mode::kDirect) {
            writeDirect(full);
            full->count = 0;
            block_ = full;  // kept: periodic handlers flush every sample
        } else {
            handOver(full);
            if (block_ != nullptr) {  // dropped under the drop policy
                services_.pool.give(block_);
                block_ = nullptr;
            }
        }
    }
    if (mode_ == Mode::kPipelined) {
        services_.pipeline.awaitWritten(this, submitted_);
    }
}

}  // namespace cloudprofiler
