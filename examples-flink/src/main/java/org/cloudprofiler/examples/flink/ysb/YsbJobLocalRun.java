package org.cloudprofiler.examples.flink.ysb;

import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * Runs {@link YsbJob} (DataStream API) on a local MiniCluster, fed by the generator through a
 * bounded JofSource at a fixed rate; exits with 1 if its windows are not what the tuple ids
 * imply or anything was dropped.
 */
@Command(name = "ysb-flink-local-run", mixinStandardHelpOptions = true,
        description = "Generator -> JofSource -> the YSB DataStream job on a local MiniCluster.")
public final class YsbJobLocalRun implements Callable<Integer> {
    private static final String JOB = "ysb-flink";

    @Mixin
    LocalRunOptions options = new LocalRunOptions();

    public static void main(String[] args) {
        System.exit(new CommandLine(new YsbJobLocalRun()).execute(args));
    }

    @Override
    public Integer call() {
        return LocalRun.run(options, JOB, (env, events, campaignOfAd, resultsName) ->
                YsbJob.addTo(env, events, AdEventReader.asIs(), campaignOfAd, resultsName));
    }
}
