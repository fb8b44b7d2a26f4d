// Takes full blocks off the writers' hands: a small pool of threads encodes and compresses them,
// one I/O thread writes them to their files in order. All of them sleep while there is nothing
// to do.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "log_format.h"
#include "record_block.h"

namespace cloudprofiler {

class BlockPool;

class FlushPipeline {
public:
    FlushPipeline(BlockPool& pool, int compressThreads, int zstdLevel);
    ~FlushPipeline();

    // Takes ownership of a full block whose budget is reserved; block->owner and sequence set.
    void submit(RecordBlock* block);
    // Returns once `owner`'s blocks with sequence < `submitted` are all written.
    void awaitWritten(const RecordBuffer* owner, uint64_t submitted);
    // Writes everything submitted so far and joins the threads. Idempotent.
    void stop();

private:
    struct EncodedBlock {
        RecordBuffer* owner;
        uint64_t sequence;
        uint32_t records;
        size_t reservedBytes;
        std::vector<uint8_t> bytes;
    };

    void compressLoop();
    void writeLoop();
    // Encodes a block and gives its memory back to the pool.
    EncodedBlock encode(RecordBlock* block, BlockScratch& scratch);
    void write(EncodedBlock& block);

    BlockPool& pool_;
    const int zstdLevel_;
    std::mutex mutex_;
    std::condition_variable compressReady_;
    std::condition_variable writeReady_;
    std::condition_variable written_;
    std::deque<RecordBlock*> toCompress_;
    std::deque<EncodedBlock> toWrite_;
    int compressorsRunning_ = 0;
    bool stopping_ = false;
    std::vector<std::thread> compressors_;
    std::thread writer_;
};

}  // namespace cloudprofiler
