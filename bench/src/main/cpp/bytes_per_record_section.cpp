// Size of BUFFERED_ID logs of sequential tuple ids: whole file bytes (header, block frames and
// trailer included) divided by records. Logged once in a tight loop and once at a steady paced
// rate; the paced run is the case, the tight loop the best case for the TSC column.
#include <cstdio>
#include <string>

#include "cloudprofiler.h"
#include "log_decoder.h"
#include "log_files.h"
#include "report_format.h"
#include "sections.h"
#include "tsc_pacer.h"

namespace cloudprofiler::bench {
namespace {

const char* const kOperator = "bench-native-bytes";

struct SizeRun {
    const char* label;
    const char* task;
    Codec codec;
    double recordsPerSecond;  // 0: as fast as the writer can
};

// Decodes the file back: the figure only counts if every record is there, in order.
bool verifySequentialIds(const std::string& file, uint64_t records, uint64_t* blocks) {
    DecodedLog log = decodeLogFile(file);
    *blocks = log.blocks;
    if (!log.problems.empty() || log.rows.size() != records || !log.trailer) {
        return false;
    }
    for (uint64_t i = 0; i < records; ++i) {
        if (log.rows[i][0] != static_cast<int64_t>(i)) {
            return false;
        }
    }
    return true;
}

int measure(const SizeRun& run, uint64_t records) {
    std::string name = std::string(kOperator) + "/" + run.task + "/in";
    ChannelHandle channel = openChannel(name, run.codec, HandlerType::kBufferedId);
    double lateNs = 0;
    uint64_t startTsc = readTsc();
    if (run.recordsPerSecond <= 0) {
        for (uint64_t id = 0; id < records; ++id) {
            logTS(channel, static_cast<int64_t>(id));
        }
    } else {
        TscPacer pacer(run.recordsPerSecond);
        startTsc = pacer.startTsc();
        for (uint64_t id = 0; id < records; ++id) {
            pacer.awaitEvent(id);
            logTS(channel, static_cast<int64_t>(id));
        }
        lateNs = pacer.maxLateNs();
    }
    double seconds = ticksToNs(static_cast<double>(readTsc() - startTsc)) / 1e9;
    ChannelStats stats;
    channelStats(channel, &stats);
    closeChannel(channel);

    std::vector<std::string> files = channelLogFiles(name);
    uint64_t bytes = fileBytes(files);
    uint64_t blocks = 0;
    bool intact = files.size() == 1 && verifySequentialIds(files[0], records, &blocks);
    std::printf("  %-34s %s records in %.2f s (%.2f M records/s): %s bytes = %.3f bytes/record\n",
                run.label, formatCount(records).c_str(), seconds, records / seconds / 1e6,
                formatCount(bytes).c_str(), static_cast<double>(bytes) / records);
    std::printf("  %-34s %s blocks; %s stalls, %s dropped; decoded back: %s", "",
                formatCount(blocks).c_str(), formatCount(stats.stalls).c_str(),
                formatCount(stats.dropped).c_str(),
                intact ? "all ids present, in order" : "INCOMPLETE OR DAMAGED");
    if (run.recordsPerSecond > 0) {
        std::printf("; pacing at most %.1f us late", lateNs / 1e3);
    }
    std::printf("\n");
    std::fflush(stdout);
    return intact ? 0 : 1;
}

}  // namespace

int runBytesPerRecord(const BenchOptions& options) {
    uint64_t records = static_cast<uint64_t>(options.integer("records", 10'000'000));
    double rate = options.number("rate", 1e6);
    printSectionTitle("Bytes per record: BUFFERED_ID, sequential tuple ids, whole log file");
    std::string pacedLabel = "zstd, paced at " + formatCount(static_cast<uint64_t>(rate)) + "/s";
    const SizeRun runs[] = {
        {"zstd, tight loop", "tight-zstd", Codec::kZstd, 0},
        {pacedLabel.c_str(), "paced-zstd", Codec::kZstd, rate},
        {"raw (no zstd), tight loop", "tight-raw", Codec::kRaw, 0},
    };
    int status = 0;
    for (const SizeRun& run : runs) {
        status |= measure(run, records);
    }
    removeOperatorLogs(kOperator);
    return status;
}

}  // namespace cloudprofiler::bench
