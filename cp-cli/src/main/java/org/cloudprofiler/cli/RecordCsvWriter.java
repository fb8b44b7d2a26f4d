package org.cloudprofiler.cli;

import org.cloudprofiler.log.LogHeader;
import org.cloudprofiler.log.RecordBlock;

import java.io.PrintWriter;

/**
 * Writes a channel's records as CSV (RFC 4180): a header row {@code channel,<column names>},
 * then one row per record with the channel name first.
 */
final class RecordCsvWriter {

    private final PrintWriter out;
    private final String channel;
    private final StringBuilder row = new StringBuilder();

    RecordCsvWriter(PrintWriter out, LogHeader header) {
        this.out = out;
        this.channel = quote(header.channel());
        row.append("channel");
        header.columns().forEach(column -> row.append(',').append(quote(column.name())));
        out.println(row);
    }

    /** Writes the first {@code limit} records of {@code block}; returns how many it wrote. */
    int write(RecordBlock block, long limit) {
        int count = (int) Math.min(block.recordCount(), limit);
        for (int r = 0; r < count; r++) {
            row.setLength(0);
            row.append(channel);
            for (int c = 0; c < block.columnCount(); c++) {
                row.append(',').append(block.column(c)[r]);
            }
            out.println(row);
        }
        return count;
    }

    private static String quote(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0
                && field.indexOf('\r') < 0) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }
}
