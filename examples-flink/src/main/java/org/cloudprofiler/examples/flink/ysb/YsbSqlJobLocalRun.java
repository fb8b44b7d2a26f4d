package org.cloudprofiler.examples.flink.ysb;

import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * Runs {@link YsbSqlJob} (Flink SQL) on a local MiniCluster, fed by the generator through a
 * bounded JofSource at a fixed rate; exits with 1 if its windows are not what the tuple ids
 * imply or anything was dropped.
 */
@Command(name = "ysb-flink-sql-local-run", mixinStandardHelpOptions = true,
        description = "Generator -> JofSource -> the YSB window count in Flink SQL on a local"
                + " MiniCluster.")
public final class YsbSqlJobLocalRun implements Callable<Integer> {
    private static final String JOB = "ysb-flink-sql";

    @Mixin
    LocalRunOptions options = new LocalRunOptions();

    public static void main(String[] args) {
        System.exit(new CommandLine(new YsbSqlJobLocalRun()).execute(args));
    }

    @Override
    public Integer call() {
        return LocalRun.run(options, JOB, (env, events, campaignOfAd, resultsName) ->
                YsbSqlJob.addTo(env, events, campaignOfAd, resultsName));
    }
}
