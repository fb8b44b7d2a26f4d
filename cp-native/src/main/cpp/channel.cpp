#include "channel.h"

#include "api/profiler_error.h"
#include "warnings.h"

namespace cloudprofiler {

Channel::Channel(const HandlerDescription& description, bool multiWriter,
                 std::unique_ptr<LogFile> file, std::unique_ptr<Handler> handler)
    : description_(description),
      multiWriter_(multiWriter),
      file_(std::move(file)),
      handler_(std::move(handler)) {}

void Channel::claimedBy(uint32_t osThreadId) {
    writerOsThreadId_.store(osThreadId, std::memory_order_relaxed);
    markStarted();
    handler_->onWriterThread();
}

void Channel::countRejected(uint32_t threadNumber) noexcept {
    rejected_.fetch_add(1, std::memory_order_relaxed);
    if (warnedWrongThread_.exchange(true)) {
        return;  // the message is built once, not on every rejected call
    }
    try {
        Warnings::report("wrong-thread:" + name(),
                     "channel " + name() + " is single-writer and owned by another thread; calls"
                     " from thread #" + std::to_string(threadNumber) +
                     " are rejected and counted. Open one channel per thread, or open it"
                     " multi-writer.");
    } catch (...) {
        // Out of memory: the count stands without the message.
    }
}

void Channel::parameterize(int index, int64_t value) {
    const auto& specs = description_.parameters;
    if (index < 0 || index >= static_cast<int>(specs.size())) {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            std::string(description_.name) + " has " +
                                std::to_string(specs.size()) + " parameter(s); there is no index " +
                                std::to_string(index));
    }
    const ParameterSpec& spec = specs[static_cast<size_t>(index)];
    if (value < spec.min || value > spec.max) {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            std::string(description_.name) + " parameter " + std::to_string(index) +
                                " (" + spec.name + ") must be in [" + std::to_string(spec.min) +
                                ", " + std::to_string(spec.max) + "], got " +
                                std::to_string(value));
    }
    if (started_.load(std::memory_order_relaxed)) {
        throw ProfilerError(ProfilerError::Kind::kIllegalState,
                            "channel " + name() + " has already logged; set its parameters"
                            " between openChannel and the first logTS");
    }
    // The file's header holds the parameters in force; it is the one copy of them.
    const int64_t* current = file_->header().parameters;
    int64_t candidate[log_format::kParameterCount];
    std::copy(current, current + log_format::kParameterCount, candidate);
    candidate[index] = value;
    if (description_.type == HandlerType::kXoy && candidate[0] > candidate[1]) {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            "XOY needs x <= y, got x = " + std::to_string(candidate[0]) +
                                ", y = " + std::to_string(candidate[1]) +
                                "; set y before raising x");
    }
    handler_->applyParameters(candidate);
    file_->rewriteParameters(candidate);
}

void Channel::parameterize(const std::string& parameter, int64_t value) {
    const auto& specs = description_.parameters;
    std::string names;
    for (size_t index = 0; index < specs.size(); ++index) {
        if (parameter == specs[index].name) {
            parameterize(static_cast<int>(index), value);
            return;
        }
        names += (index == 0 ? "" : ", ") + std::string(specs[index].name);
    }
    throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                        std::string(description_.name) + " has no parameter " + parameter +
                            (specs.empty() ? "; it takes none" : "; it takes " + names));
}

void Channel::finish(CloseReason reason) {
    handler_->finish();
    HandlerStats handlerStats = handler_->stats();
    LogTrailer trailer;
    trailer.totals.recordsWritten = file_->recordsWritten();
    trailer.totals.blocksWritten = file_->blocksWritten();
    trailer.totals.accepted = handlerStats.accepted;
    trailer.totals.filtered = handlerStats.filtered;
    // Records a failed write lost are as gone as dropped ones; the warning says which it was.
    trailer.totals.dropped = handlerStats.dropped + file_->recordsLost();
    trailer.totals.rejected = rejected_.load(std::memory_order_relaxed);
    trailer.totals.stalls = handlerStats.stalls;
    trailer.totals.stallNs = handlerStats.stallNs;
    trailer.close = TscClock::readPair();
    trailer.writerThreadId = multiWriter_ ? 0 : writerOsThreadId_.load(std::memory_order_relaxed);
    trailer.reason = reason;
    file_->finish(trailer);
}

ChannelStats Channel::stats() const {
    ChannelStats stats;
    static_cast<HandlerStats&>(stats) = handler_->stats();
    stats.dropped += file_->recordsLost();
    stats.rejected = rejected_.load(std::memory_order_relaxed);
    return stats;
}

}  // namespace cloudprofiler
