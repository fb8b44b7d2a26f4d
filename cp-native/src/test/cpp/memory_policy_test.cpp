// The bounded-memory policies of buffered channels, on a private pool and pipeline whose budget
// the test holds, so that exhaustion happens exactly when the test says.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <thread>

#include "block_pool.h"
#include "flush_pipeline.h"
#include "log_decoder.h"
#include "log_file.h"
#include "profiler_counters.h"
#include "record_buffer.h"

namespace cloudprofiler {
namespace {

class MemoryPolicy : public ::testing::Test {
protected:
    void SetUp() override {
        config_.maxBlockRecords = 1024;
        config_.firstBlockRecords = 1024;
        header_.columns = {"id", "tsc"};
        header_.node = "policy";
        header_.pid = static_cast<uint32_t>(getpid());
    }

    std::unique_ptr<LogFile> createFile(const std::string& channel) {
        header_.channel = channel;
        return LogFile::create(std::string(CP_TEST_LOG_DIR) + "/policy", serial_, header_,
                               counters_);
    }

    void fill(RecordBuffer& buffer, int64_t records) {
        for (int64_t id = 0; id < records; ++id) {
            int64_t* row = buffer.nextRow();
            row[0] = id;
            row[1] = id * 10;
            buffer.commit();
        }
    }

    Config config_;
    LogHeader header_;
    ProfilerCounters counters_;
    uint64_t serial_ = 0;
};

TEST_F(MemoryPolicy, DropPolicyDropsWholeBlocksAndCountsThem) {
    config_.onFull = FullPolicy::kDrop;
    BlockPool pool(64 << 10);
    FlushPipeline pipeline(pool, 1, 3);
    auto file = createFile("drop");
    RecordBuffer buffer(RecordBuffer::Mode::kPipelined, *file, Codec::kZstd, 2,
                        {pool, pipeline, config_, counters_});
    size_t blockBytes = 1024 * 2 * sizeof(int64_t);
    ASSERT_TRUE(pool.tryReserve(64 << 10));  // the test holds the whole budget
    fill(buffer, 5 * 1024 + 10);            // five full blocks find no room
    EXPECT_EQ(5u * 1024, buffer.dropped());
    EXPECT_EQ(5u * 1024, counters_.droppedRecords.load());
    EXPECT_EQ(10u, buffer.recorded());
    pool.unreserve(64 << 10);
    buffer.flush();
    EXPECT_EQ(10u, file->recordsWritten());
    EXPECT_LE(pool.reservedBytes(), blockBytes);
    pipeline.stop();
}

TEST_F(MemoryPolicy, BlockPolicyWaitsForMemoryAndLosesNothing) {
    config_.onFull = FullPolicy::kBlock;
    BlockPool pool(64 << 10);
    FlushPipeline pipeline(pool, 1, 3);
    auto file = createFile("block");
    RecordBuffer buffer(RecordBuffer::Mode::kPipelined, *file, Codec::kZstd, 2,
                        {pool, pipeline, config_, counters_});
    ASSERT_TRUE(pool.tryReserve(64 << 10));
    std::thread writer([&] { fill(buffer, 3 * 1024); });
    while (buffer.recorded() < 1024) {
        std::this_thread::yield();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_EQ(1024u, buffer.recorded()) << "the writer waits at the first full block";
    EXPECT_EQ(0u, buffer.stalls()) << "a stall is counted once it is over";
    pool.unreserve(64 << 10);
    writer.join();
    buffer.flush();
    EXPECT_EQ(0u, buffer.dropped());
    EXPECT_GE(buffer.stalls(), 1u);
    EXPECT_GT(buffer.stallNs(), 0u);
    EXPECT_EQ(3u * 1024, file->recordsWritten());
    pipeline.stop();
}

TEST_F(MemoryPolicy, BlocksOfOneBufferAreWrittenInOrderByManyCompressors) {
    BlockPool pool(256 << 20);
    FlushPipeline pipeline(pool, 4, 3);
    auto file = createFile("order");
    std::string path = file->path();
    RecordBuffer buffer(RecordBuffer::Mode::kPipelined, *file, Codec::kZstd, 2,
                        {pool, pipeline, config_, counters_});
    fill(buffer, 200 * 1024 + 3);
    buffer.flush();
    file->finish(LogTrailer{});
    DecodedLog log = decodeLogFile(path);
    ASSERT_TRUE(log.problems.empty());
    ASSERT_EQ(200u * 1024 + 3, log.rows.size());
    for (size_t i = 0; i < log.rows.size(); ++i) {
        ASSERT_EQ(static_cast<int64_t>(i), log.rows[i][0]);
    }
    pipeline.stop();
}

}  // namespace
}  // namespace cloudprofiler
