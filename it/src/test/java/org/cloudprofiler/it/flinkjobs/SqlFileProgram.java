package org.cloudprofiler.it.flinkjobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

/**
 * A client program that runs a SQL file's statements one by one through {@code executeSql}, as
 * a Flink SQL program does with its statements: the same SQL {@code cluster sql} runs through
 * the SQL client, submitted the {@code executeSql} way. The file holds {@code --} comment lines
 * and statements that each end with a {@code ;} at the end of a line (its own scripts', not any
 * SQL). Arguments: the job's name and the file.
 */
public final class SqlFileProgram {
    private static final Pattern STATEMENT_END = Pattern.compile(";\\s*(?:\\R|$)");

    private SqlFileProgram() {}

    public static void main(String[] args) throws Exception {
        StreamTableEnvironment tables = StreamTableEnvironment.create(
                StreamExecutionEnvironment.getExecutionEnvironment());
        tables.getConfig().set("pipeline.name", args[0]);
        String sql = Files.readString(Path.of(args[1])).lines()
                .filter(line -> !line.strip().startsWith("--"))
                .reduce("", (text, line) -> text + line + "\n");
        for (String statement : STATEMENT_END.split(sql)) {
            if (!statement.isBlank()) {
                tables.executeSql(statement);
            }
        }
    }
}
