#include "flush_pipeline.h"

#include <map>
#include <unordered_map>

#include "background_thread.h"
#include "block_pool.h"
#include "log_file.h"
#include "record_buffer.h"
#include "warnings.h"

namespace cloudprofiler {

FlushPipeline::FlushPipeline(BlockPool& pool, int compressThreads, int zstdLevel)
    : pool_(pool), zstdLevel_(zstdLevel) {
    compressorsRunning_ = compressThreads;
    for (int i = 0; i < compressThreads; ++i) {
        compressors_.push_back(
            startBackgroundThread("cp-compress-" + std::to_string(i), [this] { compressLoop(); }));
    }
    writer_ = startBackgroundThread("cp-writer", [this] { writeLoop(); });
}

FlushPipeline::~FlushPipeline() { stop(); }

void FlushPipeline::submit(RecordBlock* block) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!stopping_) {
            toCompress_.push_back(block);
            compressReady_.notify_one();
            return;
        }
    }
    // After stop() no thread takes blocks any more (shutdown closes every channel first, so
    // this is a backstop): the caller writes the block itself, after its predecessors.
    RecordBuffer* owner = block->owner;
    uint64_t sequence = block->sequence;
    BlockScratch scratch;
    EncodedBlock encoded = encode(block, scratch);
    awaitWritten(owner, sequence);
    write(encoded);
    {
        std::lock_guard<std::mutex> lock(mutex_);
        owner->markBlockWritten();
    }
    written_.notify_all();
}

FlushPipeline::EncodedBlock FlushPipeline::encode(RecordBlock* block, BlockScratch& scratch) {
    EncodedBlock encoded{block->owner, block->sequence, block->count, block->bytes(), {}};
    try {
        encodeBlock(block->values.get(), block->count, block->columns, block->owner->codec(),
                    zstdLevel_, scratch, encoded.bytes);
    } catch (const std::exception& e) {
        // Written as nothing: counted as lost, the order of the rest kept.
        encoded.bytes.clear();
        Warnings::report("encode", std::string("cannot encode a log block: ") + e.what());
    }
    pool_.give(block);
    return encoded;
}

void FlushPipeline::awaitWritten(const RecordBuffer* owner, uint64_t submitted) {
    std::unique_lock<std::mutex> lock(mutex_);
    written_.wait(lock, [&] { return owner->blocksWrittenByPipeline() >= submitted; });
}

void FlushPipeline::stop() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (stopping_) {
            return;
        }
        stopping_ = true;
    }
    compressReady_.notify_all();
    for (std::thread& thread : compressors_) {
        thread.join();
    }
    writeReady_.notify_all();
    writer_.join();
}

void FlushPipeline::compressLoop() {
    BlockScratch scratch;
    for (;;) {
        RecordBlock* block;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            compressReady_.wait(lock, [&] { return stopping_ || !toCompress_.empty(); });
            if (toCompress_.empty()) {
                if (--compressorsRunning_ == 0) {
                    writeReady_.notify_all();
                }
                return;
            }
            block = toCompress_.front();
            toCompress_.pop_front();
        }
        EncodedBlock encoded = encode(block, scratch);
        {
            std::lock_guard<std::mutex> lock(mutex_);
            toWrite_.push_back(std::move(encoded));
        }
        writeReady_.notify_one();
    }
}

void FlushPipeline::writeLoop() {
    // Compressors may finish out of order; each buffer's blocks are written in sequence.
    std::unordered_map<RecordBuffer*, std::map<uint64_t, EncodedBlock>> waiting;
    for (;;) {
        EncodedBlock block;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            writeReady_.wait(lock, [&] {
                return !toWrite_.empty() || (stopping_ && compressorsRunning_ == 0);
            });
            if (toWrite_.empty()) {
                return;
            }
            block = std::move(toWrite_.front());
            toWrite_.pop_front();
        }
        RecordBuffer* owner = block.owner;
        auto& queue = waiting[owner];
        queue.emplace(block.sequence, std::move(block));
        while (!queue.empty() && queue.begin()->first == owner->blocksWrittenByPipeline()) {
            write(queue.begin()->second);
            queue.erase(queue.begin());
            {
                std::lock_guard<std::mutex> lock(mutex_);
                owner->markBlockWritten();
            }
            written_.notify_all();
        }
        if (queue.empty()) {
            waiting.erase(owner);
        }
    }
}

void FlushPipeline::write(EncodedBlock& block) {
    if (block.bytes.empty()) {
        block.owner->file().countLost(block.records);
    } else {
        block.owner->file().appendBlock(block.bytes.data(), block.bytes.size(), block.records);
    }
    pool_.unreserve(block.reservedBytes);
}

}  // namespace cloudprofiler
