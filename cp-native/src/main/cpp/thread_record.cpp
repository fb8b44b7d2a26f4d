#include "thread_record.h"

#include <sys/syscall.h>
#include <unistd.h>

#include <mutex>

namespace cloudprofiler {
namespace {

constexpr uint32_t kRecordsPerChunk = 256;
constexpr uint32_t kMaxChunks = 4096;

// Chunks are never freed, so a scan never meets freed memory.
std::atomic<ThreadRecord*> gChunks[kMaxChunks] = {};
std::atomic<uint32_t> gChunkCount{0};
std::mutex gGrowMutex;
std::atomic<uint32_t> gNextNumber{1};

// Gives the record back when its thread exits.
struct RecordReturner {
    ThreadRecord* record = nullptr;
    ~RecordReturner() {
        if (record != nullptr) {
            tThreadRecord = nullptr;
            record->inside.store(0, std::memory_order_relaxed);
            record->taken.store(false, std::memory_order_release);
        }
    }
};

ThreadRecord* takeFree() {
    uint32_t chunks = gChunkCount.load(std::memory_order_acquire);
    for (uint32_t c = 0; c < chunks; ++c) {
        ThreadRecord* chunk = gChunks[c].load(std::memory_order_acquire);
        for (uint32_t i = 0; i < kRecordsPerChunk; ++i) {
            bool expected = false;
            if (!chunk[i].taken.load(std::memory_order_relaxed) &&
                chunk[i].taken.compare_exchange_strong(expected, true)) {
                return &chunk[i];
            }
        }
    }
    return nullptr;
}

}  // namespace

thread_local ThreadRecord* tThreadRecord __attribute__((tls_model("initial-exec"))) = nullptr;

ThreadRecord* currentThreadRecord() {
    if (tThreadRecord != nullptr) {
        return tThreadRecord;
    }
    ThreadRecord* record = takeFree();
    while (record == nullptr) {
        std::lock_guard<std::mutex> lock(gGrowMutex);
        record = takeFree();
        uint32_t chunks = gChunkCount.load(std::memory_order_relaxed);
        if (record == nullptr && chunks == kMaxChunks) {
            return nullptr;
        }
        if (record == nullptr) {
            gChunks[chunks].store(new ThreadRecord[kRecordsPerChunk], std::memory_order_release);
            gChunkCount.store(chunks + 1, std::memory_order_release);
        }
    }
    record->number = gNextNumber.fetch_add(1, std::memory_order_relaxed);
    thread_local RecordReturner returner;
    returner.record = record;
    tThreadRecord = record;
    return record;
}

bool anyThreadInside(uint64_t handle) {
    uint32_t chunks = gChunkCount.load(std::memory_order_acquire);
    for (uint32_t c = 0; c < chunks; ++c) {
        ThreadRecord* chunk = gChunks[c].load(std::memory_order_acquire);
        for (uint32_t i = 0; i < kRecordsPerChunk; ++i) {
            if (chunk[i].inside.load(std::memory_order_acquire) == handle) {
                return true;
            }
        }
    }
    return false;
}

uint32_t osThreadId() { return static_cast<uint32_t>(syscall(SYS_gettid)); }

}  // namespace cloudprofiler
