#include "thread_record.h"

#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <mutex>
#include <thread>

namespace cloudprofiler {
namespace {

constexpr uint32_t kRecordsPerChunk = 256;
constexpr uint32_t kMaxChunks = 4096;
// Polls that yield the core before each, while waiting for a thread to leave a call: it leaves
// within one call, unless it was descheduled inside.
constexpr int kYieldsBeforeSleeping = 100;

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
            if ((chunk[i].inside.load(std::memory_order_acquire) & ~kMarkedInside) == handle) {
                return true;
            }
        }
    }
    return false;
}

void waitUntilEachThreadLeft(uint64_t handle) {
    const uint64_t marked = handle | kMarkedInside;
    uint32_t chunks = gChunkCount.load(std::memory_order_acquire);
    for (uint32_t c = 0; c < chunks; ++c) {
        ThreadRecord* chunk = gChunks[c].load(std::memory_order_acquire);
        for (uint32_t i = 0; i < kRecordsPerChunk; ++i) {
            std::atomic<uint64_t>& inside = chunk[i].inside;
            // A writer logging in a loop is inside nearly all the time: rather than wait to see
            // it out, mark it, and wait until it has written anything over the mark. A failed
            // mark means it has just left or entered: look again.
            uint64_t seen = inside.load(std::memory_order_acquire);
            while (seen == handle && !inside.compare_exchange_weak(seen, marked)) {
            }
            if (seen == handle) {
                seen = marked;  // the mark is in: wait for it to be gone
            }
            for (int polls = 0; seen == marked; ++polls) {
                if (polls < kYieldsBeforeSleeping) {
                    sched_yield();
                } else {
                    std::this_thread::sleep_for(std::chrono::microseconds(20));
                }
                seen = inside.load(std::memory_order_acquire);
            }
        }
    }
}

uint32_t osThreadId() { return static_cast<uint32_t>(syscall(SYS_gettid)); }

}  // namespace cloudprofiler
