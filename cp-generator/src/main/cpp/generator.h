// A generator run: T sender threads pushing buckets to the JOF's receivers at a controlled
// rate, a reporter thread turning their counters into one record per second, and the totals.
// Thread-safe: any thread may stop, await, poll records or read progress.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>
#include <zmq.hpp>

#include "countdown_latch.h"
#include "generator_options.h"
#include "payload_pool.h"
#include "receiver_link.h"
#include "run_result.h"
#include "second_stats_queue.h"
#include "sender.h"
#include "stats_reporter.h"

namespace cloudprofiler::generator {

class Generator {
public:
    // Throws ProfilerError(kInvalidArgument) for bad options.
    explicit Generator(GeneratorOptions options);
    // Stops a running generator and waits for its end (at most about two marker timeouts).
    ~Generator();

    Generator(const Generator&) = delete;
    Generator& operator=(const Generator&) = delete;

    // The payloads of a preloaded run (class 2), cycled in tuple-id order; before start().
    void loadPreloaded(std::vector<std::string> payloads);

    // Also called with every record, on the reporter thread; before start().
    void setObserver(StatsReporter::Sink observer);

    // Logs each sender's sends (send_log.h) to channels[sender] through `api`, the table of the
    // profiling core loaded in the process; before start(). The channels must be open,
    // single-writer and not yet written: each sender's thread becomes its channel's owner.
    // Throws ProfilerError(kInvalidArgument) for a count of channels other than the senders'
    // or a table older than this generator knows.
    void logSends(const CpLogApi* api, std::vector<uint64_t> channels);

    // Connects to every receiver and starts the run once all of them have answered. Throws
    // ProfilerError: kEnvironment naming the receivers that did not answer within the connect
    // timeout, kIllegalState if already started, kInvalidArgument for unusable payloads.
    void start();

    // Asks the senders to stop after their current bucket; they still send their markers.
    void stop();

    // True once the run has ended: every thread joined, every socket closed. A negative timeout
    // waits as long as it takes. Closing the sockets may add up to one marker timeout, the
    // time queued buckets get to leave.
    bool awaitEnd(std::chrono::milliseconds timeout);

    // The next per-second record: kEnded once the last one has been taken.
    SecondStatsQueue::Poll pollSecond(std::chrono::milliseconds timeout, SecondStats* out) {
        return seconds_.poll(timeout, out);
    }

    // True once pollSecond() returns kEnded.
    bool secondsEnded() { return seconds_.ended(); }

    // What the senders have done so far, while the run goes on.
    struct Progress {
        uint64_t sentTuples = 0;
        uint64_t droppedTuples = 0;
        uint64_t emittedTuples() const { return sentTuples + droppedTuples; }
    };
    Progress progress() const;

    // The totals; throws ProfilerError(kIllegalState) until awaitEnd() has returned true.
    RunResult result() const;

    const GeneratorOptions& options() const { return options_; }

private:
    enum class State { kCreated, kRunning, kEnded };

    // The time between two buckets of the run, all senders together.
    int64_t bucketGapNs() const;
    std::unique_ptr<PayloadPool> makePool() const;
    std::vector<std::vector<ReceiverLink>> connect();
    void launch(std::vector<std::vector<ReceiverLink>> links);
    RunResult collect() const;

    const GeneratorOptions options_;
    std::vector<std::string> preloaded_;
    StatsReporter::Sink observer_;
    const CpLogApi* sendLogApi_ = nullptr;
    std::vector<uint64_t> sendLogChannels_;

    mutable std::mutex mutex_;
    State state_ = State::kCreated;
    bool joined_ = false;
    std::atomic<bool> stopRequested_{false};

    std::unique_ptr<PayloadPool> pool_;
    std::unique_ptr<zmq::context_t> context_;
    std::vector<std::unique_ptr<Sender>> senders_;
    std::unique_ptr<CountdownLatch> dataDone_;
    std::unique_ptr<CountdownLatch> threadsDone_;
    std::unique_ptr<StatsReporter> reporter_;
    std::vector<std::thread> threads_;
    SecondStatsQueue seconds_;
    int64_t startNs_ = 0;
    RunResult result_;
};

}  // namespace cloudprofiler::generator
