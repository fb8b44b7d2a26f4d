package org.cloudprofiler.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.cloudprofiler.config.service.ConfigServer;
import org.cloudprofiler.config.service.ConfigServerCounters;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Runs the configuration server: channels opened with {@code NET_CONF}, and the engines' channels
 * when {@code cloudprofiler.config-server} is set, ask it which handler to use
 * (docs/config-protocol.md). Its rules change with {@code cloudprofiler config} or by editing the
 * rules file.
 */
@Command(name = "config-server", mixinStandardHelpOptions = true,
        versionProvider = CloudProfilerCommand.Version.class,
        description = "Serve handler rules to channels and take changes while they run"
                + " (docs/config-protocol.md).")
public final class ConfigServerCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--bind", description = "Address to listen on (default: ${DEFAULT-VALUE};"
            + " give this host's LAN address when channels run on other hosts).")
    String bind = "127.0.0.1";

    @Option(names = "--port", description = "UDP port (default: ${DEFAULT-VALUE}).")
    int port = ConfigServer.DEFAULT_PORT;

    @Mixin
    SharedSecretOptions secret;

    @Option(names = "--rules", description = "Rules file, in the syntax of"
            + " cloudprofiler.handlers: read at start, watched, and rewritten by"
            + " 'cloudprofiler config set|rm' (default: rules in memory only).")
    Path rules;

    @Option(names = "--duration", converter = DurationConverter.class,
            description = "Serve this long (default: until SIGTERM or Ctrl-C).")
    Duration duration;

    private final PrintStream console = System.out;

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            throw new ParameterException(spec.commandLine(), "--port must be a UDP port, 0 to"
                    + " 65535, not " + port);
        }
        String token = secret.secretFor(spec, bind, "the configuration server");
        CountDownLatch stop = new CountDownLatch(1);
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stop.countDown();
            try {
                stopped.await(5, TimeUnit.SECONDS);  // let the counters be printed
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "cp-config-server-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try (ConfigServer server = ConfigServer.start(bind, port, token, rules)) {
            console.printf("configuration server on %s:%d with %d rule(s)%s%n",
                    server.address().getHostString(), server.address().getPort(),
                    server.rules().size(), rulesSource());
            if (duration == null) {
                stop.await();
            } else {
                stop.await(duration.toNanos(), TimeUnit.NANOSECONDS);
            }
            printCounters(server.counters());
            return 0;
        } finally {
            stopped.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running: it waits for `stopped`, counted down above.
            }
        }
    }

    private String rulesSource() {
        if (rules == null) {
            return " (in memory: changes are lost when it stops)";
        }
        return Files.exists(rules) ? " from " + rules
                : "; " + rules + " does not exist yet, the first change creates it";
    }

    private void printCounters(ConfigServerCounters counters) {
        console.printf(Locale.ROOT, "%d queries answered, %d changes, %d changes refused,"
                + " %d rules file versions rejected%n", counters.queries(), counters.changes(),
                counters.refusedChanges(), counters.rejectedFiles());
        if (counters.dropped() > 0) {
            console.printf(Locale.ROOT, "datagrams dropped: %d malformed, %d oversized, %d of"
                    + " another protocol version, %d unauthenticated (another secret, or"
                    + " altered), %d of an unknown session, %d replayed, %d unexpected%n",
                    counters.malformed(), counters.oversized(), counters.wrongVersion(),
                    counters.unauthenticated(), counters.wrongSession(), counters.replayed(),
                    counters.unexpected());
        }
    }
}
