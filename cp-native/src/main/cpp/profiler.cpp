// The process-wide state behind the C++ API: configuration, the channel table, the flush
// pipeline and the sampler. Created on the first openChannel, never destroyed — threads may
// still log while the process exits — and stopped by shutdown().
#include <pthread.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <sstream>

#include "api/profiler_error.h"
#include "block_pool.h"
#include "cloudprofiler.h"
#include "config.h"
#include "count_cells.h"
#include "flush_pipeline.h"
#include "handler_factory.h"
#include "periodic_sampler.h"
#include "thread_record.h"

namespace cloudprofiler {
namespace {

struct Services {
    explicit Services(Config configuration)
        : config(std::move(configuration)),
          pool(config.bufferBytes),
          pipeline(pool, config.compressThreads, config.zstdLevel) {}

    Config config;
    BlockPool pool;
    FlushPipeline pipeline;
    PeriodicSampler sampler;
    uint64_t nextSerial = 0;
};

// The clock is chosen and calibrated when the library loads, before any timestamp is taken.
const bool gClockReady = (TscClock::init(), true);
ProfilerCounters* const gCounters = new ProfilerCounters();

std::mutex gLifecycleMutex;
Services* gServices = nullptr;
bool gShutDown = false;
// Set in the child of a fork(): the parent's threads are not there, so the child must neither
// flush nor wait for them (a forked child that waited for them would hang at exit). Checked
// before gLifecycleMutex, which another parent thread may have held at the fork.
std::atomic<bool> gForkedChild{false};
// Held for the whole of shutdown(), so a second caller returns only once everything is closed.
std::mutex gShutdownMutex;

void shutdownAtExit() { shutdown(); }

void disableInForkedChild() {
    gForkedChild.store(true);
    gChannelTable->abandonAfterFork();
}

void throwIfForkedChild() {
    if (gForkedChild.load()) {
        throw ProfilerError(ProfilerError::Kind::kIllegalState,
                            "cloudprofiler does not survive fork(): this process is the child of"
                            " a process that used it. Profile the parent, or exec() a new program"
                            " in the child and profile that.");
    }
}

// Under gLifecycleMutex.
Services& services() {
    if (gShutDown) {
        throw ProfilerError(ProfilerError::Kind::kIllegalState,
                            "the profiler has shut down (process exit); no channel can be opened");
    }
    if (gServices == nullptr) {
        gServices = new Services(Config::fromEnvironment());
        std::atexit(shutdownAtExit);
        pthread_atfork(nullptr, nullptr, disableInForkedChild);
    }
    return *gServices;
}

void validateName(const std::string& name) {
    if (name.empty() || name.size() > log_format::kMaxStringBytes) {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            "channel name must have 1 to 1024 characters: '" + name + "'");
    }
    std::stringstream components(name);
    std::string component;
    size_t count = 0;
    while (std::getline(components, component, '/')) {
        ++count;
        if (!isValidNameComponent(component)) {
            throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                                "channel name '" + name + "' is not valid: use <operator>/<task>/"
                                "<point> with letters, digits and . _ - + @ = in each part");
        }
    }
    if (count == 0 || name.back() == '/') {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            "channel name '" + name + "' must not end with '/'");
    }
}

}  // namespace

ChannelTable* const gChannelTable = new ChannelTable(*gCounters);
// Never destroyed, as the table: a thread may still count into its cell while the process exits.
CountCells* const gCountCells = new CountCells();

ChannelHandle openChannel(const std::string& name, Codec format, HandlerType handler) {
    const HandlerDescription* description = describeHandler(static_cast<int>(handler));
    return openChannel(name, format, handler,
                       description != nullptr && description->multiWriterByNature);
}

ChannelHandle openChannel(const std::string& name, Codec format, HandlerType handler,
                          bool multiWriter) {
    const HandlerDescription* description = describeHandler(static_cast<int>(handler));
    if (description == nullptr) {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            "unknown handler id " + std::to_string(static_cast<int>(handler)));
    }
    if (format != Codec::kRaw && format != Codec::kZstd) {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            "unknown log format " + std::to_string(static_cast<int>(format)));
    }
    if (handler == HandlerType::kCpu && multiWriter) {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            "CPU measures one writer thread's CPU time; open it single-writer,"
                            " one channel per thread");
    }
    validateName(name);
    throwIfForkedChild();

    std::lock_guard<std::mutex> lock(gLifecycleMutex);
    Services& shared = services();
    LogHeader header;
    header.pid = static_cast<uint32_t>(getpid());
    header.openerThreadId = osThreadId();
    header.tscHz = TscClock::hz();
    header.open = TscClock::readPair();
    header.handlerId = static_cast<uint16_t>(handler);
    header.codec = format;
    header.clockSource = TscClock::source();
    header.multiWriter = multiWriter;
    for (size_t i = 0; i < description->parameters.size(); ++i) {
        header.parameters[i] = description->parameters[i].defaultValue;
    }
    header.node = shared.config.nodeId;
    header.channel = name;
    header.columns = description->columns;
    if (TscClock::testClockActive()) {
        header.flags |= log_format::kFlagTestClock;
        if (header.columns == std::vector<std::string>{"id", "tsc"}) {
            header.columns.push_back("raw_tsc");  // the ground truth next to the skewed value
        }
    }

    std::unique_ptr<LogFile> file =
        LogFile::create(shared.config.logDirectory, shared.nextSerial, header, *gCounters);
    RecordBuffer::Services bufferServices{shared.pool, shared.pipeline, shared.config, *gCounters};
    std::unique_ptr<Handler> handlerObject = makeHandler(
        handler, *file, format, bufferServices, shared.sampler, file->header().parameters);
    auto channel = std::make_unique<Channel>(*description, multiWriter, std::move(file),
                                             std::move(handlerObject));
    return gChannelTable->insert(std::move(channel));
}

void parameterize(ChannelHandle channel, const std::string& parameter, int64_t value) {
    throwIfForkedChild();
    bool open = gChannelTable->withChannel(
        channel, [&](Channel& target) { target.parameterize(parameter, value); });
    if (!open) {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            "channel handle " + std::to_string(channel) +
                                " is not open (closed, or never returned by openChannel)");
    }
}

bool closeChannel(ChannelHandle channel) {
    if (gForkedChild.load()) {  // rejected and counted, without the table lock
        gCounters->invalidHandles.fetch_add(1, std::memory_order_relaxed);
        return false;
    }
    return gChannelTable->close(channel, CloseReason::kCloseChannel);
}

std::atomic<uint64_t>* countCell(ChannelHandle channel) {
    if (gForkedChild.load()) {
        return nullptr;
    }
    std::atomic<uint64_t>* cell = nullptr;
    uint32_t caller = osThreadId();
    gChannelTable->withChannel(channel, [&](Channel& target) {
        CallCounter* counter = target.handler().callCounter();
        if (counter != nullptr && target.ownedBy(caller)) {
            cell = gCountCells->take();
            counter->countFrom(cell);
        }
    });
    return cell;
}

bool swapHandler(ChannelHandle channel, ChannelHandle successor) {
    return !gForkedChild.load() && gChannelTable->swapHandler(channel, successor);
}

bool channelStats(ChannelHandle channel, ChannelStats* stats) {
    if (gForkedChild.load()) {
        return false;
    }
    return gChannelTable->withChannel(channel, [&](Channel& target) { *stats = target.stats(); });
}

ProfilerStats profilerStats() {
    ProfilerStats stats;
    stats.invalidHandles = gCounters->invalidHandles.load(std::memory_order_relaxed);
    stats.bytesWritten = gCounters->bytesWritten.load(std::memory_order_relaxed);
    stats.writeErrors = gCounters->writeErrors.load(std::memory_order_relaxed);
    stats.droppedRecords = gCounters->droppedRecords.load(std::memory_order_relaxed);
    stats.failedCalls = gCounters->failedCalls.load(std::memory_order_relaxed);
    if (gForkedChild.load()) {
        return stats;  // the locks below may have been held by a parent thread at the fork
    }
    stats.openChannels = gChannelTable->openChannels();
    std::lock_guard<std::mutex> lock(gLifecycleMutex);
    if (gServices != nullptr) {
        stats.blocksInFlight = gServices->pool.blocksInFlight();
        stats.bytesInFlight = gServices->pool.reservedBytes();
        stats.budgetBytes = gServices->pool.budgetBytes();
    }
    return stats;
}

uint64_t tscHz() { return TscClock::hz(); }

std::string logDirectory() {
    throwIfForkedChild();
    std::lock_guard<std::mutex> lock(gLifecycleMutex);
    return gServices != nullptr ? gServices->config.logDirectory
                                : Config::fromEnvironment().logDirectory;
}

void shutdown() {
    if (gForkedChild.load()) {
        return;
    }
    std::lock_guard<std::mutex> shutdownLock(gShutdownMutex);
    Services* shared;
    {
        std::lock_guard<std::mutex> lock(gLifecycleMutex);
        if (gShutDown) {
            return;
        }
        gShutDown = true;
        shared = gServices;
    }
    if (shared == nullptr) {
        return;
    }
    gChannelTable->closeAll(CloseReason::kShutdown);
    shared->sampler.stop();
    shared->pipeline.stop();
}

}  // namespace cloudprofiler
