// CPU used by a process whose channels are open but receive no calls: the periodic handlers'
// sampling (SPC, MPC, CPU at their default 100 ms period) and whatever the buffered channels'
// threads do while there is nothing to flush. Measured with the scheduler's per-process and
// per-thread CPU clocks over a wall-clock window.
#include <chrono>
#include <cstdio>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "cloudprofiler.h"
#include "log_files.h"
#include "process_cpu.h"
#include "report_format.h"
#include "sections.h"

namespace cloudprofiler::bench {
namespace {

const char* const kOperator = "bench-native-idle";
// Calls each channel gets before going idle, so every handler has claimed its writer, started
// a block and (for CPU) found the writer's clock, as in a real job between bursts.
constexpr int kCallsBeforeIdle = 100;
constexpr auto kSettleTime = std::chrono::milliseconds(500);

struct ChannelKind {
    HandlerType handler;
    const char* name;
    const char* point;
};

// One cycle of the mix: periodic handlers and record-per-call ones alike.
const ChannelKind kCycle[] = {
    {HandlerType::kSpc, "SPC", "count"},
    {HandlerType::kMpc, "MPC", "count"},
    {HandlerType::kCpu, "CPU", "cpu"},
    {HandlerType::kBufferedId, "BUFFERED_ID", "in"},
    {HandlerType::kId, "ID", "out"},
    {HandlerType::kSpc, "SPC", "count"},
    {HandlerType::kMpc, "MPC", "count"},
    {HandlerType::kCpu, "CPU", "cpu"},
    {HandlerType::kBufferedId, "BUFFERED_ID", "in"},
    {HandlerType::kDownsample, "DOWNSAMPLE", "sampled"},
};
constexpr size_t kCycleLength = sizeof(kCycle) / sizeof(kCycle[0]);

std::map<uint32_t, ThreadCpu> byThreadId(const std::vector<ThreadCpu>& threads) {
    std::map<uint32_t, ThreadCpu> map;
    for (const ThreadCpu& thread : threads) {
        map[thread.threadId] = thread;
    }
    return map;
}

}  // namespace

int runIdleCpu(const BenchOptions& options) {
    int channelCount = static_cast<int>(options.integer("channels", 50));
    double seconds = options.number("seconds", 5);
    printSectionTitle("Idle CPU: " + std::to_string(channelCount) + " open channels, no calls, " +
                      std::to_string(static_cast<int>(seconds)) + " s");

    std::vector<ChannelHandle> channels;
    std::map<std::string, int> mix;
    for (int i = 0; i < channelCount; ++i) {
        const ChannelKind& kind = kCycle[static_cast<size_t>(i) % kCycleLength];
        // Half the channels compress with zstd, half write raw blocks.
        Codec codec = (i / static_cast<int>(kCycleLength)) % 2 == 0 ? Codec::kZstd : Codec::kRaw;
        std::string name =
            std::string(kOperator) + "/task" + std::to_string(i) + "/" + kind.point;
        ChannelHandle channel = openChannel(name, codec, kind.handler);
        for (int call = 0; call < kCallsBeforeIdle; ++call) {
            logTS(channel, call);
        }
        channels.push_back(channel);
        ++mix[kind.name];
    }
    std::printf("  open:");
    for (const auto& entry : mix) {
        std::printf(" %d %s", entry.second, entry.first.c_str());
    }
    std::printf(" (periodic ones at the default 100 ms period; half zstd, half raw)\n");

    std::this_thread::sleep_for(kSettleTime);
    std::map<uint32_t, ThreadCpu> threadsBefore = byThreadId(threadCpuTimes());
    ContextSwitches switchesBefore = contextSwitches();
    int64_t cpuBeforeNs = processCpuNs();
    auto wallStart = std::chrono::steady_clock::now();

    std::this_thread::sleep_for(std::chrono::nanoseconds(static_cast<int64_t>(seconds * 1e9)));

    int64_t cpuNs = processCpuNs() - cpuBeforeNs;
    double wallNs = static_cast<double>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                            std::chrono::steady_clock::now() - wallStart)
                                            .count());
    ContextSwitches switchesAfter = contextSwitches();
    std::map<uint32_t, ThreadCpu> threadsAfter = byThreadId(threadCpuTimes());

    std::printf("  process CPU over %.2f s: %.2f ms = %.3f %% of one core (target <= 1 %%)\n",
                wallNs / 1e9, cpuNs / 1e6, 100.0 * cpuNs / wallNs);
    std::printf("  context switches: %.0f voluntary/s (wake-ups), %.0f involuntary/s\n",
                (switchesAfter.voluntary - switchesBefore.voluntary) / (wallNs / 1e9),
                (switchesAfter.involuntary - switchesBefore.involuntary) / (wallNs / 1e9));
    std::printf("  by thread:");
    for (const auto& entry : threadsAfter) {
        auto before = threadsBefore.find(entry.first);
        int64_t beforeNs = before == threadsBefore.end() ? 0 : before->second.cpuNs;
        std::printf(" %s %.2f ms;", entry.second.name.c_str(),
                    (entry.second.cpuNs - beforeNs) / 1e6);
    }
    std::printf("\n");
    std::fflush(stdout);

    for (ChannelHandle channel : channels) {
        closeChannel(channel);
    }
    removeOperatorLogs(kOperator);
    return 0;
}

}  // namespace cloudprofiler::bench
