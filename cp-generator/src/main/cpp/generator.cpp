#include "generator.h"

#include <pthread.h>

#include <algorithm>
#include <cmath>
#include <system_error>

#include "emission_pacer.h"
#include "interrupted_calls.h"
#include "profiler_error.h"
#include "wall_clock.h"
#include "ysb_events.h"

namespace cloudprofiler::generator {
namespace {

// The first buckets are due this long after start() returns, so that the threads are running
// by then instead of starting out late.
constexpr int64_t kStartLeadNs = 2'000'000;
constexpr int64_t kHandshakePollIntervalNs = 1'000'000;
// A YSB event's 6-byte eventTimeMs can be restamped in place for times in [2^35, 2^42) ms.
constexpr int64_t kFirstSixByteMs = int64_t{1} << 35;
constexpr int64_t kLastSixByteMs = (int64_t{1} << 42) - 1;

// Names show in top, gdb and /proc/<pid>/task/*/comm; Linux keeps 15 characters.
void nameThisThread(const std::string& name) {
    pthread_setname_np(pthread_self(), name.substr(0, 15).c_str());
}

std::string joined(const std::vector<std::string>& words) {
    std::string text;
    for (const std::string& word : words) {
        text += (text.empty() ? "" : ", ") + word;
    }
    return text;
}

}  // namespace

Generator::Generator(GeneratorOptions options) : options_(std::move(options)) {
    validate(options_);
}

Generator::~Generator() {
    stop();
    awaitEnd(std::chrono::milliseconds(-1));
}

void Generator::loadPreloaded(std::vector<std::string> payloads) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (options_.payloadClass != PayloadClass::kPreloaded) {
        throw ProfilerError(ProfilerError::Kind::kIllegalState,
                            "bytes were loaded into a generator whose payload is not preloaded:"
                            " choose the preloaded payload");
    }
    if (state_ != State::kCreated) {
        throw ProfilerError(ProfilerError::Kind::kIllegalState,
                            "load the bytes before the generator starts");
    }
    preloaded_ = std::move(payloads);
}

void Generator::setObserver(StatsReporter::Sink observer) {
    std::lock_guard<std::mutex> lock(mutex_);
    observer_ = std::move(observer);
}

void Generator::logSends(const CpLogApi* api, std::vector<uint64_t> channels) {
    if (api == nullptr || api->version < kCpLogApiVersion) {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            "the profiling core's logging table is missing or older than this"
                            " generator's: use cp-native and cp-generator of one release");
    }
    if (channels.size() != options_.senderThreads) {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            "logging the sends needs one channel per sender thread: " +
                                std::to_string(options_.senderThreads) + " senders, " +
                                std::to_string(channels.size()) + " channels");
    }
    std::lock_guard<std::mutex> lock(mutex_);
    if (state_ != State::kCreated) {
        throw ProfilerError(ProfilerError::Kind::kIllegalState,
                            "the sends' log is chosen before the generator starts");
    }
    sendLogApi_ = api;
    sendLogChannels_ = std::move(channels);
}

void Generator::start() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (state_ != State::kCreated) {
        throw ProfilerError(ProfilerError::Kind::kIllegalState,
                            "a generator runs once: create a new one for another run");
    }
    pool_ = makePool();
    launch(connect());
    state_ = State::kRunning;
}

std::unique_ptr<PayloadPool> Generator::makePool() const {
    std::unique_ptr<PayloadPool> pool;
    switch (options_.payloadClass) {
        case PayloadClass::kRaw:
            pool = std::make_unique<PayloadPool>(
                PayloadPool::raw(options_.rawPayloadBytes, options_.seed));
            break;
        case PayloadClass::kYsbAdEvent: {
            int64_t nowMs = wallClockMs();
            if (nowMs < kFirstSixByteMs || nowMs > kLastSixByteMs) {
                throw ProfilerError(ProfilerError::Kind::kEnvironment,
                                    "the wall clock reads " + std::to_string(nowMs) +
                                        " ms since 1970, outside 1971-2109: fix the clock");
            }
            pool = std::make_unique<PayloadPool>(
                makeYsbEventPool(options_.seed, kYsbPoolEvents, nowMs));
            break;
        }
        case PayloadClass::kPreloaded:
            if (preloaded_.empty()) {
                throw ProfilerError(ProfilerError::Kind::kIllegalState,
                                    "a preloaded run needs its bytes: call loadBytes before"
                                    " start");
            }
            pool = std::make_unique<PayloadPool>(PayloadClass::kPreloaded, preloaded_);
            break;
    }
    uint64_t largestBody = static_cast<uint64_t>(effectiveBucketTuples(options_)) *
                           (kTupleHeaderBytes + pool->maxPayloadBytes());
    if (largestBody > kMaxBodyBytes) {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            "a bucket of " + std::to_string(effectiveBucketTuples(options_)) +
                                " tuples of up to " + std::to_string(pool->maxPayloadBytes()) +
                                " bytes can exceed 256 MiB: use smaller buckets");
    }
    return pool;
}

// One PUSH socket per (sender, receiver), each set to refuse sends until its connection is up
// (ZMQ_IMMEDIATE), so that a missing receiver shows as drops instead of a queue that silently
// fills; then waits until every socket has completed its ZeroMQ handshake.
std::vector<std::vector<ReceiverLink>> Generator::connect() {
    size_t senders = options_.senderThreads;
    size_t receivers = options_.endpoints.size();
    context_ = std::make_unique<zmq::context_t>(options_.ioThreads);
    // A socket and a monitor's two PAIR sockets per link.
    context_->set(zmq::ctxopt::max_sockets, static_cast<int>(3 * senders * receivers + 16));
    std::vector<std::vector<ReceiverLink>> links(senders);
    try {
        for (size_t t = 0; t < senders; ++t) {
            for (size_t r = 0; r < receivers; ++r) {
                ReceiverLink link;
                link.endpoint = options_.endpoints[r];
                link.socket = zmq::socket_t(*context_, zmq::socket_type::push);
                link.socket.set(zmq::sockopt::sndhwm, options_.sendHighWaterMark);
                link.socket.set(zmq::sockopt::linger, options_.markerTimeoutMs);
                link.socket.set(zmq::sockopt::immediate, true);
                link.monitor = std::make_unique<ConnectionMonitor>(
                    *context_, link.socket,
                    "cp-generator-monitor-" + std::to_string(t) + "-" + std::to_string(r));
                try {
                    retryInterrupted([&] { link.socket.connect(link.endpoint); });
                } catch (const zmq::error_t& e) {
                    throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                                        "cannot connect to '" + link.endpoint + "': " + e.what() +
                                            "; write tcp://host:port");
                }
                links[t].push_back(std::move(link));
            }
        }
        auto deadline =
            std::chrono::steady_clock::now() + std::chrono::milliseconds(options_.connectTimeoutMs);
        std::vector<std::string> unreachable;
        for (;;) {
            unreachable.clear();
            for (size_t r = 0; r < receivers; ++r) {
                bool connected = true;
                for (size_t t = 0; t < senders; ++t) {
                    links[t][r].monitor->poll();
                    connected = connected && links[t][r].monitor->connected();
                }
                if (!connected) {
                    unreachable.push_back(options_.endpoints[r]);
                }
            }
            if (unreachable.empty() || std::chrono::steady_clock::now() >= deadline) {
                break;
            }
            EmissionPacer::sleepUntil(EmissionPacer::nowNs() + kHandshakePollIntervalNs);
        }
        if (!unreachable.empty()) {
            throw ProfilerError(
                ProfilerError::Kind::kEnvironment,
                "receiver" + std::string(unreachable.size() > 1 ? "s " : " ") +
                    joined(unreachable) + " did not answer within " +
                    std::to_string(options_.connectTimeoutMs) +
                    " ms: start the JOF first (it binds those endpoints), check host, port and"
                    " firewall, or allow a longer connect timeout");
        }
    } catch (...) {
        for (std::vector<ReceiverLink>& senderLinks : links) {
            for (ReceiverLink& link : senderLinks) {
                link.socket.set(zmq::sockopt::linger, 0);
            }
        }
        links.clear();
        context_.reset();
        throw;
    }
    return links;
}

void Generator::launch(std::vector<std::vector<ReceiverLink>> links) {
    size_t senderCount = options_.senderThreads;
    bool bounded = plannedTuples(options_) > 0;
    double intervalNs = bucketIntervalNs(options_);
    startNs_ = EmissionPacer::nowNs() + kStartLeadNs;
    dataDone_ = std::make_unique<CountdownLatch>(senderCount);
    threadsDone_ = std::make_unique<CountdownLatch>(senderCount + 1);
    std::vector<SenderCounters*> counters;
    for (size_t t = 0; t < senderCount; ++t) {
        SenderPlan plan;
        plan.index = static_cast<uint16_t>(t);
        plan.senderCount = static_cast<uint16_t>(senderCount);
        plan.tuples = bounded ? plannedTuplesOfSender(options_, static_cast<uint32_t>(t))
                              : SenderPlan::kUnbounded;
        plan.bucketTuples = effectiveBucketTuples(options_);
        // Senders take turns within an interval, so the run as a whole emits evenly.
        plan.firstDueNs = startNs_ + std::llround(intervalNs * t / senderCount);
        plan.bucketIntervalNs = intervalNs;
        plan.idBase = options_.idBase;
        plan.markerTimeoutMs = options_.markerTimeoutMs;
        plan.spinWindowNs = options_.spinWindowNs;
        if (sendLogApi_ != nullptr) {
            plan.sendLog = SendLog{sendLogApi_, sendLogChannels_[t]};
        }
        senders_.push_back(std::make_unique<Sender>(plan, *pool_, std::move(links[t]),
                                                    stopRequested_, *dataDone_));
        counters.push_back(&senders_.back()->counters());
    }
    auto record = [this](const SecondStats& stats) {
        seconds_.push(stats);
        if (observer_) {
            observer_(stats);
        }
    };
    reporter_ = std::make_unique<StatsReporter>(counters, options_.tuplesPerSecond, startNs_,
                                                bucketGapNs(), *dataDone_, record);

    size_t launched = 0;
    try {
        for (; launched < senderCount; ++launched) {
            Sender* sender = senders_[launched].get();
            threads_.emplace_back([this, sender, launched] {
                nameThisThread("cp-gen-send-" + std::to_string(launched));
                sender->run();
                threadsDone_->countDown();
            });
        }
        threads_.emplace_back([this] {
            nameThisThread("cp-gen-stats");
            reporter_->run();
            seconds_.close();
            threadsDone_->countDown();
        });
    } catch (const std::system_error& e) {
        // Whatever did not start cannot count itself down; the threads that did must end.
        stopRequested_ = true;
        for (size_t t = launched; t < senderCount; ++t) {
            dataDone_->countDown();
        }
        for (std::thread& thread : threads_) {
            thread.join();
        }
        threads_.clear();
        senders_.clear();
        context_.reset();
        throw ProfilerError(ProfilerError::Kind::kEnvironment,
                            std::string("cannot start the generator's threads: ") + e.what());
    }
}

void Generator::stop() {
    stopRequested_ = true;
}

int64_t Generator::bucketGapNs() const {
    return std::llround(bucketIntervalNs(options_) / options_.senderThreads);
}

bool Generator::awaitEnd(std::chrono::milliseconds timeout) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (state_ == State::kCreated) {
            state_ = State::kEnded;
            joined_ = true;
            seconds_.close();
            return true;
        }
        if (joined_) {
            return true;
        }
    }
    auto deadline = timeout.count() < 0 ? std::chrono::steady_clock::time_point::max()
                                        : std::chrono::steady_clock::now() + timeout;
    if (!threadsDone_->waitUntil(deadline)) {
        return false;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    if (!joined_) {
        for (std::thread& thread : threads_) {
            thread.join();
        }
        // Blocks while queued buckets and markers leave, at most the sockets' linger.
        context_.reset();
        result_ = collect();
        state_ = State::kEnded;
        joined_ = true;
    }
    return true;
}

Generator::Progress Generator::progress() const {
    std::lock_guard<std::mutex> lock(mutex_);
    Progress progress;
    for (const std::unique_ptr<Sender>& sender : senders_) {
        progress.sentTuples += sender->counters().sentTuples.get();
        progress.droppedTuples += sender->counters().droppedTuples.get();
    }
    return progress;
}

RunResult Generator::result() const {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!joined_) {
        throw ProfilerError(ProfilerError::Kind::kIllegalState,
                            "the run has not ended: await its end first");
    }
    return result_;
}

RunResult Generator::collect() const {
    RunResult result;
    result.bucketTuples = effectiveBucketTuples(options_);
    result.receivers.resize(options_.endpoints.size());
    for (size_t r = 0; r < options_.endpoints.size(); ++r) {
        result.receivers[r].endpoint = options_.endpoints[r];
    }
    for (const std::unique_ptr<Sender>& sender : senders_) {
        result.stoppedEarly = result.stoppedEarly || sender->stoppedEarly();
        if (sender->lastBucketEndNs() > 0) {
            result.elapsedNs =
                std::max(result.elapsedNs, sender->lastBucketEndNs() - startNs_ + bucketGapNs());
        }
        for (size_t r = 0; r < sender->links().size(); ++r) {
            const ReceiverLink& link = sender->links()[r];
            ReceiverTotals& receiver = result.receivers[r];
            receiver.sentTuples += link.sentTuples;
            receiver.sentBuckets += link.sentBuckets;
            receiver.droppedTuples += link.droppedTuples;
            receiver.droppedBuckets += link.droppedBuckets;
            if (link.markerDelivered) {
                ++receiver.markersDelivered;
            } else {
                ++receiver.markersUndelivered;
            }
            receiver.disconnects += link.disconnects;
        }
    }
    for (const ReceiverTotals& receiver : result.receivers) {
        result.sentTuples += receiver.sentTuples;
        result.sentBuckets += receiver.sentBuckets;
        result.droppedTuples += receiver.droppedTuples;
        result.droppedBuckets += receiver.droppedBuckets;
    }
    result.emittedTuples = result.sentTuples + result.droppedTuples;

    if (result.droppedTuples > 0) {
        result.problems.push_back(
            "dropped " + std::to_string(result.droppedTuples) + " of " +
            std::to_string(result.emittedTuples) + " tuples (" +
            std::to_string(result.droppedBuckets) + " buckets): the receivers did not keep up" +
            " and the send queues (" + std::to_string(options_.sendHighWaterMark) +
            " buckets each) were full; lower the rate, add receivers or raise the high-water"
            " mark");
    }
    for (const ReceiverTotals& receiver : result.receivers) {
        if (receiver.sentBuckets == 0 && receiver.droppedBuckets > 0) {
            result.problems.push_back("nothing was delivered to " + receiver.endpoint +
                                      ": every bucket for it was dropped; is its JOF running"
                                      " and reading?");
        }
        if (receiver.markersUndelivered > 0) {
            result.problems.push_back(
                "the end-of-run marker of " + std::to_string(receiver.markersUndelivered) + " of " +
                std::to_string(options_.senderThreads) + " senders could not be handed" + " to " +
                receiver.endpoint + " within " + std::to_string(options_.markerTimeoutMs) +
                " ms (" + std::to_string(receiver.disconnects) +
                " disconnects): the receiver is gone or no longer reading");
        }
    }
    return result;
}

}  // namespace cloudprofiler::generator
