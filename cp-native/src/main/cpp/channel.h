// An open channel: its name, log file and handler, and the counters the handler does not keep.
// Owned by the channel table; see channel_table.h for who may call what, when.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "handler.h"
#include "handler_type.h"
#include "log_file.h"
#include "spin_lock.h"

namespace cloudprofiler {

// The handler's counters, plus the calls the channel refused before they reached it.
struct ChannelStats : HandlerStats {
    uint64_t rejected = 0;
};

class Channel {
public:
    Channel(const HandlerDescription& description, bool multiWriter,
            std::unique_ptr<LogFile> file, std::unique_ptr<Handler> handler);

    Handler& handler() { return *handler_; }
    const std::string& name() const { return file_->header().channel; }
    bool multiWriter() const { return multiWriter_; }
    // Whether the table must serialise this channel's writers.
    bool serialized() const { return multiWriter_ && !description_.multiWriterByNature; }
    SpinLock& writerLock() { return writerLock_; }

    // The owning thread's first call, before it reaches the handler.
    void claimedBy(uint32_t osThreadId);
    void markStarted() { started_.store(true, std::memory_order_relaxed); }
    // Whether the thread with this OS id has claimed the channel as its single writer.
    bool ownedBy(uint32_t osThreadId) const {
        return !multiWriter_ && writerOsThreadId_.load(std::memory_order_relaxed) == osThreadId;
    }
    void countRejected(uint32_t threadNumber) noexcept;

    // Validates and applies a parameter. Throws ProfilerError.
    void parameterize(int index, int64_t value);
    // The same, naming the parameter as its handler's description does ("periodNs", "port").
    void parameterize(const std::string& parameter, int64_t value);

    // Flushes the handler and writes the trailer. After the last writer has left.
    void finish(CloseReason reason);
    ChannelStats stats() const;

private:
    const HandlerDescription& description_;
    const bool multiWriter_;
    std::unique_ptr<LogFile> file_;
    std::unique_ptr<Handler> handler_;
    SpinLock writerLock_;
    std::atomic<bool> started_{false};
    std::atomic<uint32_t> writerOsThreadId_{0};
    std::atomic<uint64_t> rejected_{0};
    std::atomic<bool> warnedWrongThread_{false};
};

}  // namespace cloudprofiler
