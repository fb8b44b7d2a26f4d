package org.cloudprofiler.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One run of the {@code cloudprofiler} command line in-process: exit code and both outputs. */
record CommandRun(int exitCode, String out, String err) {

    static CommandRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exitCode = CloudProfilerCommand.commandLine()
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .execute(args);
        return new CommandRun(exitCode, out.toString(), err.toString());
    }
}
