package org.cloudprofiler.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.cloudprofiler.config.CpOption;
import org.cloudprofiler.config.ServerAddress;
import org.cloudprofiler.config.service.ConfigClient;
import org.cloudprofiler.config.service.ConfigServer;
import org.cloudprofiler.config.service.ServerRuleList;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Changes and lists the rules of a running {@code cloudprofiler config-server}; open channels
 * that asked it follow the changes.
 */
@Command(name = "config", mixinStandardHelpOptions = true,
        versionProvider = CloudProfilerCommand.Version.class,
        subcommands = {ConfigCommand.SetCommand.class, ConfigCommand.ListCommand.class,
                ConfigCommand.RemoveCommand.class},
        description = "Set, list or remove the handler rules of a running config-server.")
public final class ConfigCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "Missing a command: "
                + String.join(", ", spec.subcommands().keySet()));
    }

    /** Where the server is and how to talk to it; shared by the subcommands. */
    static final class ServerOptions {
        private static final CpOption SERVER = new CpOption("--server", "",
                "The configuration server, host:port.");

        @Option(names = "--server", description = "The config-server, host:port (default:"
                + " ${DEFAULT-VALUE}).")
        String server = "127.0.0.1:" + ConfigServer.DEFAULT_PORT;

        @Mixin
        SharedSecretOptions secret;

        @Spec(Spec.Target.MIXEE)
        CommandSpec spec;

        @Option(names = "--timeout", converter = DurationConverter.class,
                description = "Give up after this long without an answer (default: 2s).")
        Duration timeout = Duration.ofSeconds(2);

        ConfigClient connect() throws IOException {
            return new ConfigClient(ServerAddress.parse(SERVER, server).resolve(),
                    secret.secret(spec));
        }
    }

    /** {@code config set RULE}. */
    @Command(name = "set", mixinStandardHelpOptions = true,
            description = "Set a rule glob=HANDLER[:param...] or glob=OFF: a rule with the same"
                    + " glob is replaced where it stands, a new one goes last (or first).")
    static final class SetCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        ServerOptions options;

        @Parameters(paramLabel = "RULE", description = "e.g. 'sink/**=BUFFERED_ID' or"
                + " '**/{in,out}=XOY:1:100'.")
        String rule;

        @Option(names = "--first", description = "Put a new rule before every other.")
        boolean first;

        @Override
        public Integer call() throws Exception {
            try (ConfigClient client = options.connect()) {
                long generation = client.set(rule, first, options.timeout);
                spec.commandLine().getOut().println("set " + rule.trim() + " (generation "
                        + generation + ")");
            }
            return 0;
        }
    }

    /** {@code config list}. */
    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "Print the rules in the order they are tried.")
    static final class ListCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        ServerOptions options;

        @Override
        public Integer call() throws Exception {
            try (ConfigClient client = options.connect()) {
                ServerRuleList list = client.list(options.timeout);
                PrintWriter out = spec.commandLine().getOut();
                list.rules().forEach(out::println);
                out.println("# " + list.rules().size() + " rule(s), generation "
                        + list.generation() + "; channels no rule matches keep their handler");
            }
            return 0;
        }
    }

    /** {@code config rm GLOB}. */
    @Command(name = "rm", mixinStandardHelpOptions = true,
            description = "Remove the rule whose glob is GLOB.")
    static final class RemoveCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        ServerOptions options;

        @Parameters(paramLabel = "GLOB", description = "The glob as 'config list' shows it.")
        String glob;

        @Override
        public Integer call() throws Exception {
            try (ConfigClient client = options.connect()) {
                long generation = client.remove(glob, options.timeout);
                spec.commandLine().getOut().println("removed " + glob.trim() + " (generation "
                        + generation + ")");
            }
            return 0;
        }
    }
}
