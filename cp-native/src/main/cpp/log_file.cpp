#include "log_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "api/profiler_error.h"
#include "profiler_counters.h"
#include "warnings.h"

namespace cloudprofiler {
namespace {

std::string unwritable(const std::string& what, const std::string& path, int error) {
    return "cannot create " + what + " " + path + ": " + std::strerror(error) +
           ". Set CP_LOG_DIR to a writable directory, or make this one writable.";
}

// mkdir -p: creates every missing directory of `path`.
void makeDirectories(const std::string& path) {
    for (size_t slash = path.find('/', 1); ; slash = path.find('/', slash + 1)) {
        std::string prefix = slash == std::string::npos ? path : path.substr(0, slash);
        if (mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST) {
            throw ProfilerError(ProfilerError::Kind::kEnvironment,
                                unwritable("log directory", prefix, errno));
        }
        if (slash == std::string::npos) {
            return;
        }
    }
}

}  // namespace

std::unique_ptr<LogFile> LogFile::create(const std::string& directory, uint64_t& serial,
                                         const LogHeader& header, ProfilerCounters& counters) {
    std::string prefix = directory + "/" + header.channel + "." + std::to_string(header.pid) + ".";
    makeDirectories(prefix.substr(0, prefix.rfind('/')));
    // Never over an existing file: a second copy of this library in the same process (a Flink
    // session cluster loads one per job) counts its serials from 0 as well.
    std::string path;
    int fd = -1;
    do {
        path = prefix + std::to_string(serial++) + ".cplog";
        fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    } while (fd < 0 && errno == EEXIST);
    if (fd < 0) {
        throw ProfilerError(ProfilerError::Kind::kEnvironment, unwritable("log file", path, errno));
    }
    std::vector<uint8_t> headerBytes;
    encodeHeader(header, headerBytes);
    std::unique_ptr<LogFile> file(
        new LogFile(path, fd, header, std::move(headerBytes), counters));
    if (!file->writeAll(file->headerBytes_.data(), file->headerBytes_.size(), -1)) {
        throw ProfilerError(ProfilerError::Kind::kEnvironment, unwritable("log file", path, errno));
    }
    return file;
}

LogFile::LogFile(std::string path, int fd, LogHeader header, std::vector<uint8_t> headerBytes,
                 ProfilerCounters& counters)
    : path_(std::move(path)),
      fd_(fd),
      header_(std::move(header)),
      headerBytes_(std::move(headerBytes)),
      counters_(counters) {}

LogFile::~LogFile() {
    if (fd_ >= 0) {
        ::close(fd_);
    }
}

bool LogFile::writeAll(const uint8_t* data, size_t length, off_t offset) {
    while (length > 0) {
        ssize_t written = offset < 0 ? ::write(fd_, data, length) : ::pwrite(fd_, data, length, offset);
        if (written < 0) {
            if (errno == EINTR) {
                continue;
            }
            return false;
        }
        data += written;
        length -= static_cast<size_t>(written);
        if (offset >= 0) {
            offset += written;
        }
        counters_.bytesWritten.fetch_add(static_cast<uint64_t>(written), std::memory_order_relaxed);
    }
    return true;
}

void LogFile::rewriteParameters(const int64_t* parameters) {
    std::copy(parameters, parameters + log_format::kParameterCount, header_.parameters);
    patchHeaderParameters(headerBytes_, parameters);
    if (!writeAll(headerBytes_.data(), headerBytes_.size(), 0)) {
        counters_.writeErrors.fetch_add(1, std::memory_order_relaxed);
        Warnings::report("write:" + path_, "cannot rewrite the header of " + path_ + ": " +
                                               std::strerror(errno));
    }
}

void LogFile::appendBlock(const uint8_t* data, size_t length, uint32_t records) {
    if (writeAll(data, length, -1)) {
        recordsWritten_.fetch_add(records, std::memory_order_relaxed);
        blocksWritten_.fetch_add(1, std::memory_order_relaxed);
        return;
    }
    int error = errno;
    recordsLost_.fetch_add(records, std::memory_order_relaxed);
    counters_.writeErrors.fetch_add(1, std::memory_order_relaxed);
    Warnings::report("write:" + path_,
                     "cannot write to " + path_ + ": " + std::strerror(error) +
                         "; records are being lost. Free disk space or set CP_LOG_DIR elsewhere.");
}

void LogFile::finish(const LogTrailer& trailer) {
    std::vector<uint8_t> bytes;
    encodeTrailer(trailer, bytes);
    if (!writeAll(bytes.data(), bytes.size(), -1)) {
        counters_.writeErrors.fetch_add(1, std::memory_order_relaxed);
        Warnings::report("write:" + path_, "cannot write the trailer of " + path_ + ": " +
                                               std::strerror(errno));
    }
    ::close(fd_);
    fd_ = -1;
}

}  // namespace cloudprofiler
