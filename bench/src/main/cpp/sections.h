// The sections of the native bench; each is one subcommand, run in its own process because the
// core reads its settings (CP_BUFFER_MB, CP_ON_FULL, ...) once per process.
#pragma once

#include "bench_options.h"

namespace cloudprofiler::bench {

// C++ logTS per call on each handler next to the bare clocks. Options: --batches,
// --calls-per-batch.
int runCallCost(const BenchOptions& options);

// A return-trip ack's MAC, signed and checked, beside version 1's unsigned layout; RET_END's
// logTS with its send. Options: --batches, --calls-per-batch.
int runRetAcks(const BenchOptions& options);

// Bytes per record of BUFFERED_ID logs of sequential ids, tight loop and paced. Options:
// --records, --rate (records/s of the paced run).
int runBytesPerRecord(const BenchOptions& options);

// Records/s of two BUFFERED_ID writer threads, each on its own channel: flat out, or paced at
// each of --rates (records/s per writer). Options: --seconds, --rates.
int runWriterThroughput(const BenchOptions& options);

// CPU used by a process whose channels are open but idle. Options: --channels, --seconds.
int runIdleCpu(const BenchOptions& options);

// The native generator against a counting receiver process over loopback TCP, at each of
// --rates (tuples/s) for --seconds each: sent, dropped, received, lag, CPU. Options also
// --senders, --bucket, --payload-bytes, --send-hwm, --rcvhwm, --io-threads.
int runGeneratorThroughput(const BenchOptions& options);

// The generator at one --rate for --seconds: achieved rate and schedule lag per second.
// Options as runGeneratorThroughput.
int runGeneratorRate(const BenchOptions& options);

// The receiving child of the two generator sections (pull_counter.h).
int runPullCounter(const BenchOptions& options);

}  // namespace cloudprofiler::bench
