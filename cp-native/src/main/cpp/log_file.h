// One channel's log file: created with its header at open, appended block by block, closed
// with a trailer. Appends come from one thread at a time (the writer, the flush pipeline's I/O
// thread or the sampler, depending on the handler); finish() from the closing thread after the
// last append.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "log_format.h"

namespace cloudprofiler {

struct ProfilerCounters;

class LogFile {
public:
    // Creates `directory`/`channel`.<pid>.<serial>.cplog (and its directories) and writes the
    // header; `serial` is the first to try, and on return the one after the name taken (a name
    // that exists already is skipped, never overwritten). Throws ProfilerError (kEnvironment)
    // with the directory and the fix on failure.
    static std::unique_ptr<LogFile> create(const std::string& directory, uint64_t& serial,
                                           const LogHeader& header, ProfilerCounters& counters);
    ~LogFile();

    LogFile(const LogFile&) = delete;
    LogFile& operator=(const LogFile&) = delete;

    // Rewrites the header's parameters in place (allowed until the first block).
    void rewriteParameters(const int64_t* parameters);

    // Appends one encoded block of `records` records. A failed write is counted and warned
    // about; it never throws.
    void appendBlock(const uint8_t* data, size_t length, uint32_t records);

    // Records that never reached the file (a block that could not be encoded).
    void countLost(uint32_t records) { recordsLost_.fetch_add(records, std::memory_order_relaxed); }

    // Writes the trailer and closes the file.
    void finish(const LogTrailer& trailer);

    const std::string& path() const { return path_; }
    const LogHeader& header() const { return header_; }
    uint64_t recordsWritten() const { return recordsWritten_.load(std::memory_order_relaxed); }
    uint64_t blocksWritten() const { return blocksWritten_.load(std::memory_order_relaxed); }
    uint64_t recordsLost() const { return recordsLost_.load(std::memory_order_relaxed); }

private:
    LogFile(std::string path, int fd, LogHeader header, std::vector<uint8_t> headerBytes,
            ProfilerCounters& counters);
    bool writeAll(const uint8_t* data, size_t length, off_t offset);

    std::string path_;
    int fd_;
    LogHeader header_;
    std::vector<uint8_t> headerBytes_;
    ProfilerCounters& counters_;
    std::atomic<uint64_t> recordsWritten_{0};
    std::atomic<uint64_t> blocksWritten_{0};
    std::atomic<uint64_t> recordsLost_{0};
};

}  // namespace cloudprofiler
