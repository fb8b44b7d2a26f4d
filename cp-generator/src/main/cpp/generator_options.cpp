#include "generator_options.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "profiler_error.h"

namespace cloudprofiler::generator {
namespace {

// Spinning longer before a bucket than a default bucket can span would spin all the time.
constexpr int64_t kMaxSpinWindowNs = kDefaultMaxBucketSpanNs;
// A bucket spanning more than a second would make the per-second records meaningless.
constexpr int64_t kMinBucketSpanNs = 1'000;
constexpr int64_t kMaxBucketSpanNs = 1'000'000'000;

[[noreturn]] void reject(const std::string& message) {
    throw ProfilerError(ProfilerError::Kind::kInvalidArgument, message);
}

bool hasTransport(const std::string& endpoint) {
    for (const char* prefix : {"tcp://", "ipc://"}) {
        if (endpoint.rfind(prefix, 0) == 0 &&
            endpoint.size() > std::char_traits<char>::length(prefix)) {
            return true;
        }
    }
    return false;
}

// The tuples a duration's run emits, before rounding.
double tuplesOverDuration(const GeneratorOptions& options) {
    return options.tuplesPerSecond * static_cast<double>(options.durationNs) / 1e9;
}

}  // namespace

void validate(const GeneratorOptions& options) {
    if (options.endpoints.empty()) {
        reject("no receiver endpoint: give at least one, e.g. tcp://127.0.0.1:5555");
    }
    for (const std::string& endpoint : options.endpoints) {
        if (!hasTransport(endpoint)) {
            reject("endpoint '" + endpoint +
                   "' is not a ZeroMQ endpoint: write tcp://host:port (or ipc://path)");
        }
    }
    if (options.senderThreads < 1 || options.senderThreads > 1024) {
        reject("sender threads must be 1 to 1024, not " + std::to_string(options.senderThreads));
    }
    if (options.senderThreads * options.endpoints.size() > 4096) {
        reject("sender threads x endpoints must be at most 4096 sockets");
    }
    if (!(options.tuplesPerSecond > 0) || !std::isfinite(options.tuplesPerSecond)) {
        reject("the rate must be a positive number of tuples per second, not " +
               std::to_string(options.tuplesPerSecond));
    }
    if (options.durationNs < 0) {
        reject("the duration must not be negative");
    }
    if (options.tupleCount > 0 && options.durationNs > 0) {
        reject("give a tuple count or a duration, not both");
    }
    // Checked before plannedTuples rounds it: llround of a double beyond int64 is undefined.
    if (options.durationNs > 0 && tuplesOverDuration(options) >= 0x1p63) {
        reject("a duration of " + std::to_string(options.durationNs) +
               " ns at this rate is more tuples than 64-bit ids can number: make it shorter");
    }
    if (options.durationNs > 0 && plannedTuples(options) == 0) {
        reject("a duration of " + std::to_string(options.durationNs) +
               " ns at this rate emits no tuple: make it longer");
    }
    uint64_t planned = plannedTuples(options);
    if (planned > 0 &&
        options.idBase > std::numeric_limits<int64_t>::max() - static_cast<int64_t>(planned - 1)) {
        reject("id base " + std::to_string(options.idBase) + " + " + std::to_string(planned) +
               " tuples overflows a 64-bit tuple id");
    }
    if (options.spinWindowNs < 0 || options.spinWindowNs > kMaxSpinWindowNs) {
        reject("spin window must be 0 to " + std::to_string(kMaxSpinWindowNs) + " ns, not " +
               std::to_string(options.spinWindowNs));
    }
    if (options.bucketTuples < 1 || options.bucketTuples > kMaxTuplesPerBucket) {
        reject("bucket size must be 1 to " + std::to_string(kMaxTuplesPerBucket) + " tuples, not " +
               std::to_string(options.bucketTuples));
    }
    if (options.maxBucketSpanNs < kMinBucketSpanNs || options.maxBucketSpanNs > kMaxBucketSpanNs) {
        reject("bucket span must be " + std::to_string(kMinBucketSpanNs) + " to " +
               std::to_string(kMaxBucketSpanNs) + " ns, not " +
               std::to_string(options.maxBucketSpanNs));
    }
    switch (options.payloadClass) {
        case PayloadClass::kRaw:
            if (options.rawPayloadBytes > kMaxPayloadBytes) {
                reject("raw payload size must be at most " + std::to_string(kMaxPayloadBytes) +
                       " bytes, not " + std::to_string(options.rawPayloadBytes));
            }
            if (options.bucketTuples * (kTupleHeaderBytes + options.rawPayloadBytes) >
                kMaxBodyBytes) {
                reject("a bucket of " + std::to_string(options.bucketTuples) + " tuples of " +
                       std::to_string(options.rawPayloadBytes) +
                       " bytes exceeds 256 MiB: use smaller buckets");
            }
            break;
        case PayloadClass::kYsbAdEvent:
        case PayloadClass::kPreloaded:
            break;
        default:
            reject("unknown payload class " +
                   std::to_string(static_cast<uint32_t>(options.payloadClass)) +
                   ": use 0 (raw), 1 (YSB ad events) or 2 (preloaded)");
    }
    if (options.sendHighWaterMark < 1) {
        reject("the send high-water mark must be at least 1 bucket");
    }
    if (options.connectTimeoutMs < 1 || options.markerTimeoutMs < 1) {
        reject("the connect and marker timeouts must be at least 1 ms");
    }
    if (options.ioThreads < 1 || options.ioThreads > 64) {
        reject("ZeroMQ I/O threads must be 1 to 64, not " + std::to_string(options.ioThreads));
    }
}

uint64_t plannedTuples(const GeneratorOptions& options) {
    if (options.durationNs > 0) {
        return static_cast<uint64_t>(std::llround(tuplesOverDuration(options)));
    }
    return options.tupleCount;
}

uint64_t plannedTuplesOfSender(const GeneratorOptions& options, uint32_t sender) {
    uint64_t total = plannedTuples(options);
    uint64_t senders = options.senderThreads;
    return total > sender ? (total - sender + senders - 1) / senders : 0;
}

uint32_t effectiveBucketTuples(const GeneratorOptions& options) {
    double perSenderPerSpan = options.tuplesPerSecond / options.senderThreads *
                              static_cast<double>(options.maxBucketSpanNs) / 1e9;
    double capped = std::min<double>(options.bucketTuples, std::floor(perSenderPerSpan));
    return static_cast<uint32_t>(std::max(1.0, capped));
}

double bucketIntervalNs(const GeneratorOptions& options) {
    return options.senderThreads * static_cast<double>(effectiveBucketTuples(options)) * 1e9 /
           options.tuplesPerSecond;
}

}  // namespace cloudprofiler::generator
