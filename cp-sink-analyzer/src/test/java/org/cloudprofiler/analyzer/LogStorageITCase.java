package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.report.OutputFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --logs} as a URI of a Flink filesystem: one log set, with a damaged log and a
 * drops.json, analysed from a plain path, from {@code file://} and from {@code hdfs://} on an
 * in-process HDFS gives the same summary, but for how the files are named.
 */
class LogStorageITCase {

    private static final int TUPLES = 300;

    @TempDir
    Path directory;

    @Test
    void aLogSetGivesTheSameSummaryFromAPathFromFileAndFromHdfs() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, TUPLES, "node-b", GoldenNumbersITCase.NODE_B);
        Files.writeString(logs.resolve("node-a/drops.json"), """
                {"format":"cloudprofiler-drops/1","sources":[
                 {"name":"generator","node":"node-a","dropped":7,"counts":{"emitted":307}}]}
                """);
        // A writer killed mid-block: the tail of the sink's log is cut off.
        Path sink = logs.resolve("node-b/sink/2/in.1.1.cplog");
        Files.write(sink, java.util.Arrays.copyOf(Files.readAllBytes(sink),
                (int) Files.size(sink) - 150));
        Path sync = Files.writeString(directory.resolve("sync.json"),
                GoldenNumbersITCase.syncJson());

        String plain = summaryJson(logs.toString(), sync, "plain", logs.toString());
        String fileUri = "file://" + logs.toAbsolutePath();
        String fromFile = summaryJson(fileUri, sync, "file", "file:" + logs.toAbsolutePath());

        Configuration hadoop = new Configuration();
        hadoop.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, directory.resolve("hdfs").toString());
        MiniDFSCluster hdfs = new MiniDFSCluster.Builder(hadoop).numDataNodes(1).build();
        try {
            hdfs.waitActive();
            hdfs.getFileSystem().copyFromLocalFile(new org.apache.hadoop.fs.Path(
                    logs.toUri()), new org.apache.hadoop.fs.Path("/runs/logs"));
            String hdfsUri = "hdfs://localhost:" + hdfs.getNameNodePort() + "/runs/logs";
            String fromHdfs = summaryJson(hdfsUri, sync, "hdfs", hdfsUri);

            assertTrue(plain.contains("\"problemCount\" : 2"), plain); // truncated, no trailer
            assertTrue(plain.contains("\"externalDropped\" : 7"), plain);
            assertEquals(plain, fromFile);
            assertEquals(plain, fromHdfs);
        } finally {
            hdfs.shutdown();
        }
    }

    /**
     * summary.json of the analysis of {@code location}, with {@code prefix}, the way its files
     * are named, replaced by {@code <logs>}.
     */
    private String summaryJson(String location, Path sync, String name, String prefix)
            throws Exception {
        Path out = directory.resolve("out-" + name);
        AnalysisSummary summary = GoldenNumbersITCase.analyze(AnalyzerOptions.ofLocations(
                List.of(location), sync, out));
        assertEquals(TUPLES, summary.tuples().complete() + summary.tuples().timedOut());
        return Files.readString(out.resolve(OutputFiles.SUMMARY)).replace(prefix, "<logs>");
    }
}
