// A run while signals keep interrupting the generator's threads, as a sampling profiler's
// (async-profiler, perf) or the JVM's own do: libzmq hands EINTR to its caller even from calls
// that never wait, and the generator must carry on as if nothing happened.
#include <dirent.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>

#include "emission_pacer.h"
#include "generator.h"
#include "test_receiver.h"

namespace cloudprofiler::generator {
namespace {

using testing::TestReceiver;

void ignoreSignal(int) {}

void blockStormSignal() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
}

// Sends SIGUSR1 to every thread of this process, every `period`, until destroyed; threads that
// block it are left with a pending signal. The handler is installed without SA_RESTART, so
// interrupted calls fail with EINTR.
class SignalStorm {
public:
    explicit SignalStorm(std::chrono::microseconds period) {
        struct sigaction action {};
        action.sa_handler = ignoreSignal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = 0;
        sigaction(SIGUSR1, &action, &previous_);
        thread_ = std::thread([this, period] {
            blockStormSignal();
            while (!stop_.load()) {
                signalEveryThread();
                std::this_thread::sleep_for(period);
            }
        });
    }

    ~SignalStorm() {
        stop_.store(true);
        thread_.join();
        // Signals can still be pending only on threads that block them for good (libzmq's).
        sigaction(SIGUSR1, &previous_, nullptr);
    }

    // How many signals went to the generator's sender threads.
    uint64_t signalsToSenders() const { return signalsToSenders_.load(); }

private:
    void signalEveryThread() {
        DIR* tasks = opendir("/proc/self/task");
        if (tasks == nullptr) {
            return;
        }
        pid_t self = static_cast<pid_t>(syscall(SYS_gettid));
        while (dirent* entry = readdir(tasks)) {
            pid_t tid = static_cast<pid_t>(std::atoi(entry->d_name));
            if (tid > 0 && tid != self && syscall(SYS_tgkill, getpid(), tid, SIGUSR1) == 0 &&
                isSender(tid)) {
                signalsToSenders_.fetch_add(1);
            }
        }
        closedir(tasks);
    }

    static bool isSender(pid_t tid) {
        std::ifstream comm("/proc/self/task/" + std::to_string(tid) + "/comm");
        std::string name;
        std::getline(comm, name);
        return name.rfind("cp-gen-send", 0) == 0;
    }

    struct sigaction previous_ {};
    std::atomic<uint64_t> signalsToSenders_{0};
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

TEST(GeneratorSignals, aRunInterruptedBySignalsAllTheTimeDeliversEveryTuple) {
    constexpr uint64_t kTuples = 200'000;
    TestReceiver receiver;
    GeneratorOptions options;
    options.senderThreads = 2;
    options.tuplesPerSecond = 400'000;
    options.tupleCount = kTuples;
    options.bucketTuples = 500;  // many sends, many chances to be interrupted
    options.endpoints.push_back(receiver.endpoint());
    // Back to back: an interrupt lands inside the short calls that can report EINTR.
    SignalStorm storm(std::chrono::microseconds(0));

    // Connecting (start) is interrupted as well as sending.
    Generator generator(options);
    ASSERT_NO_THROW(generator.start());
    // Started only now: the buckets wait in ZeroMQ's queue until it reads.
    uint64_t buckets = 0;
    std::thread reader([&] {
        blockStormSignal();  // the test's own receiver is not what is under test
        EXPECT_TRUE(receiver.receiveUntilMarkers(options.senderThreads, std::chrono::seconds(60)));
        buckets = receiver.buckets().size();
    });
    EXPECT_TRUE(generator.awaitEnd(std::chrono::milliseconds(-1)));
    reader.join();

    RunResult result = generator.result();
    EXPECT_TRUE(result.problems.empty()) << result.problems.front();
    // Each socket has room for all its buckets: a drop is a send that a signal broke.
    EXPECT_EQ(result.droppedTuples, 0u);
    EXPECT_EQ(result.sentTuples, kTuples);
    EXPECT_FALSE(result.stoppedEarly);
    EXPECT_EQ(buckets, result.sentBuckets + options.senderThreads);
    // Else the storm never reached the senders and this test proves little.
    EXPECT_GT(storm.signalsToSenders(), 100u);
}

TEST(GeneratorSignals, endOfRunMarkersThatMustWaitForRoomStillArrive) {
    constexpr uint64_t kTuples = 200'000;
    constexpr uint32_t kSenders = 2;
    // Room for one bucket on each side, and nobody reading until the data is out: the sockets
    // and the connection fill up, later buckets are dropped, and each sender's marker has to
    // wait in poll for room, where the storm interrupts it.
    TestReceiver receiver(1);
    GeneratorOptions options;
    options.senderThreads = kSenders;
    options.tuplesPerSecond = 400'000;
    options.tupleCount = kTuples;
    options.bucketTuples = 500;
    options.sendHighWaterMark = 1;
    options.endpoints.push_back(receiver.endpoint());
    SignalStorm storm(std::chrono::microseconds(0));

    Generator generator(options);
    ASSERT_NO_THROW(generator.start());
    while (generator.progress().emittedTuples() < kTuples) {
        EmissionPacer::sleepUntil(EmissionPacer::nowNs() + 5'000'000);
    }
    EmissionPacer::sleepUntil(EmissionPacer::nowNs() + 300'000'000);
    uint64_t received = 0;
    std::thread reader([&] {
        blockStormSignal();
        EXPECT_TRUE(receiver.receiveUntilMarkers(kSenders, std::chrono::seconds(60)));
        for (const testing::ReadBucket& bucket : receiver.buckets()) {
            received += bucket.tuples.size();
        }
    });
    EXPECT_TRUE(generator.awaitEnd(std::chrono::milliseconds(-1)));
    reader.join();

    RunResult result = generator.result();
    for (const std::string& problem : result.problems) {
        EXPECT_EQ(problem.rfind("dropped ", 0), 0u) << problem;  // the drops are intended
    }
    ASSERT_EQ(result.receivers.size(), 1u);
    EXPECT_EQ(result.receivers[0].markersDelivered, kSenders);
    EXPECT_EQ(result.receivers[0].markersUndelivered, 0u);
    EXPECT_GT(result.droppedTuples, 0u) << "the sockets never filled: the markers did not wait";
    EXPECT_EQ(result.sentTuples + result.droppedTuples, kTuples);
    EXPECT_EQ(received, result.sentTuples);
}

}  // namespace
}  // namespace cloudprofiler::generator
