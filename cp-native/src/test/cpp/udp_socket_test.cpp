// UdpSocket's waits under signals: the JVM and profilers signal threads at any time, and a
// signal must not end a sync exchange's wait early (its reply would be counted as lost).
#include "sync/udp_socket.h"

#include <gtest/gtest.h>
#include <pthread.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>

namespace cloudprofiler::sync {
namespace {

const uint32_t kLoopback = 0x7F000001;

std::atomic<int> signalsHandled{0};

void countSignal(int) {
    signalsHandled.fetch_add(1, std::memory_order_relaxed);
}

// Installs a counting SIGUSR1 handler without SA_RESTART (poll never restarts anyway) and puts
// the previous one back.
class CountingSignalHandler {
public:
    CountingSignalHandler() {
        struct sigaction action {};
        action.sa_handler = countSignal;
        sigemptyset(&action.sa_mask);
        sigaction(SIGUSR1, &action, &previous_);
    }
    ~CountingSignalHandler() { sigaction(SIGUSR1, &previous_, nullptr); }

private:
    struct sigaction previous_ {};
};

TEST(UdpSocket, SignalsDuringAWaitDoNotEndItBeforeTheDatagramArrives) {
    CountingSignalHandler handler;
    signalsHandled = 0;
    UdpSocket receiver(Address{kLoopback, 0});
    UdpSocket sender(Address{kLoopback, 0});
    std::atomic<pid_t> receiverThread{0};
    UdpSocket::Received received = UdpSocket::Received::kNothing;
    size_t length = 0;
    Address from;

    std::thread waiting([&] {
        receiverThread = static_cast<pid_t>(syscall(SYS_gettid));
        uint8_t buffer[64];
        received = receiver.receive(buffer, sizeof buffer, 10'000, length, from);
    });
    while (receiverThread.load() == 0) {
        std::this_thread::yield();
    }
    // Signal the waiting thread until several signals reached it, then send.
    for (int i = 0; i < 1000 && signalsHandled.load() < 5; ++i) {
        syscall(SYS_tgkill, getpid(), receiverThread.load(), SIGUSR1);
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    const char message[] = "reply";
    ASSERT_TRUE(
        sender.send(reinterpret_cast<const uint8_t*>(message), sizeof message, receiver.local()));
    waiting.join();

    EXPECT_GE(signalsHandled.load(), 5);
    EXPECT_EQ(UdpSocket::Received::kDatagram, received);
    EXPECT_EQ(sizeof message, length);
    EXPECT_EQ(sender.local(), from);
}

TEST(UdpSocket, AWaitInterruptedBySignalsStillEndsAtItsTimeout) {
    CountingSignalHandler handler;
    signalsHandled = 0;
    UdpSocket receiver(Address{kLoopback, 0});
    std::atomic<pid_t> receiverThread{0};
    std::atomic<bool> done{false};
    UdpSocket::Received received = UdpSocket::Received::kDatagram;

    std::thread waiting([&] {
        receiverThread = static_cast<pid_t>(syscall(SYS_gettid));
        uint8_t buffer[64];
        size_t length = 0;
        Address from;
        received = receiver.receive(buffer, sizeof buffer, 1000, length, from);
        done = true;
    });
    while (receiverThread.load() == 0) {
        std::this_thread::yield();
    }
    // Nothing arrives: the wait must end by itself however often it is interrupted. A bug that
    // restarted the full timeout on every signal would keep it waiting as long as this loop.
    for (int i = 0; i < 5000 && !done.load(); ++i) {
        syscall(SYS_tgkill, getpid(), receiverThread.load(), SIGUSR1);
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    bool endedWhileSignalled = done.load();
    waiting.join();
    if (signalsHandled.load() == 0) {
        GTEST_SKIP() << "no signal reached the waiting thread within its 1 s wait: the machine"
                        " was too busy to test this";
    }

    EXPECT_TRUE(endedWhileSignalled) << "a 1 s wait outlasted 5000 signals";
    EXPECT_EQ(UdpSocket::Received::kNothing, received);
}

}  // namespace
}  // namespace cloudprofiler::sync
