// What a generator run is asked to do; validate() rejects a bad combination with a message
// that names the option and the fix.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "emission_pacer.h"
#include "wire_format.h"

namespace cloudprofiler::generator {

// 1 ms: a low rate sends small buckets often rather than one burst every few seconds.
constexpr int64_t kDefaultMaxBucketSpanNs = 1'000'000;

struct GeneratorOptions {
    // One ZeroMQ endpoint per JOF receiver, e.g. tcp://127.0.0.1:5555; the generator connects.
    std::vector<std::string> endpoints;
    uint32_t senderThreads = 1;
    double tuplesPerSecond = 1e6;  // of the whole run, all senders together
    // At most one of the two bounds; neither means "until stop()".
    uint64_t tupleCount = 0;
    int64_t durationNs = 0;
    // Tuples per bucket at most; a bucket also holds no more than maxBucketSpanNs of a sender's
    // tuples at the requested rate.
    uint32_t bucketTuples = 1000;
    int64_t maxBucketSpanNs = kDefaultMaxBucketSpanNs;
    PayloadClass payloadClass = PayloadClass::kRaw;
    uint32_t rawPayloadBytes = 100;
    uint64_t seed = 1;  // of the raw bytes and the YSB events: the same seed, the same run
    int64_t idBase = 0;
    int sendHighWaterMark = 1000;  // buckets queued per socket before sends count as drops
    int connectTimeoutMs = 5000;   // to reach every receiver before the run starts
    int markerTimeoutMs = 10000;   // to hand over each end-of-run marker
    int ioThreads = 1;             // ZeroMQ's
    // How long before a bucket's due time a sender stops sleeping and spins (see
    // EmissionPacer); 0 sleeps straight to it, for a generator that shares its cores.
    int64_t spinWindowNs = EmissionPacer::kDefaultSpinWindowNs;
};

// Throws ProfilerError(kInvalidArgument) naming the first bad option.
void validate(const GeneratorOptions& options);

// Tuples the run emits in all; 0 when it runs until stopped.
uint64_t plannedTuples(const GeneratorOptions& options);

// Tuples sender `sender` emits: those whose index k·T + sender is below plannedTuples().
uint64_t plannedTuplesOfSender(const GeneratorOptions& options, uint32_t sender);

// The bucket size the run uses: bucketTuples, lowered so that a sender's bucket spans at most
// maxBucketSpanNs at the requested rate.
uint32_t effectiveBucketTuples(const GeneratorOptions& options);

// The time between two buckets of one sender, T·bucket·1e9/rate.
double bucketIntervalNs(const GeneratorOptions& options);

}  // namespace cloudprofiler::generator
