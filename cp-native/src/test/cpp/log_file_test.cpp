// Log file creation: a file another copy of the library made is never overwritten.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <string>

#include "log_file.h"
#include "profiler_counters.h"

namespace cloudprofiler {
namespace {

TEST(LogFileTest, ANameThatExistsIsSkippedNotOverwritten) {
    LogHeader header;
    header.channel = "create/0/in";
    header.columns = {"id", "tsc"};
    header.node = "log-file-test";
    header.pid = static_cast<uint32_t>(getpid());
    ProfilerCounters counters;
    std::string directory = std::string(CP_TEST_LOG_DIR) + "/log-file-test-" +
                            std::to_string(getpid());

    uint64_t serial = 0;
    std::unique_ptr<LogFile> first = LogFile::create(directory, serial, header, counters);
    EXPECT_EQ(1u, serial);
    // A second copy of the library in this process starts its serials at 0 as well.
    uint64_t otherCopysSerial = 0;
    std::unique_ptr<LogFile> second =
        LogFile::create(directory, otherCopysSerial, header, counters);

    EXPECT_NE(first->path(), second->path());
    EXPECT_EQ(2u, otherCopysSerial);
    struct stat firstFile {};
    ASSERT_EQ(0, stat(first->path().c_str(), &firstFile));
    EXPECT_GT(firstFile.st_size, 0) << "the first file's header was truncated";
}

}  // namespace
}  // namespace cloudprofiler
