package org.cloudprofiler.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * How every command reports a failure: one line on standard error, {@code cloudprofiler
 * <command>: <what went wrong>}, naming the thing and the fix; the stack trace only with
 * {@value #VERBOSE}. A usage error exits with the command's {@code exitCodeOnInvalidInput}, any
 * other failure with its {@code exitCodeOnExecutionException}.
 */
final class ErrorReporter implements IParameterExceptionHandler, IExecutionExceptionHandler {

    /** The option, on every command, that adds the stack trace to the line. */
    static final String VERBOSE = "--verbose";

    @Override
    public int handleParseException(ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        String name = command.getCommandSpec().qualifiedName();
        String message = e.getMessage();
        if (e instanceof UnmatchedArgumentException unmatched) {
            if (!unmatched.isUnknownOption() && !command.getSubcommands().isEmpty()) {
                // picocli says "Unmatched argument at index 0: 'x'" for a mistyped command.
                message = "Unknown command: '" + unmatched.getUnmatched().get(0) + "'";
            }
            if (!unmatched.getSuggestions().isEmpty()) {
                message += " (did you mean " + String.join(" or ", unmatched.getSuggestions())
                        + "?)";
            }
        }
        report(command.getErr(), name, message + "; see '" + name + " --help'",
                isVerbose(command) ? e : null);
        return command.getCommandSpec().exitCodeOnInvalidInput();
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine command,
            ParseResult parseResult) {
        boolean verbose = isVerbose(command);
        String message = describe(unwrap(e));
        if (isInternal(e) && !verbose) {
            message += " (an internal error: run again with " + VERBOSE + " and report what it"
                    + " prints)";
        }
        report(command.getErr(), command.getCommandSpec().qualifiedName(), message,
                verbose ? e : null);
        return command.getCommandSpec().exitCodeOnExecutionException();
    }

    private static void report(PrintWriter err, String command, String message,
            Throwable trace) {
        // One line, whatever the message was built from.
        err.println(command + ": " + message.strip().replaceAll("\\s*\\R\\s*", "; "));
        if (trace != null) {
            trace.printStackTrace(err);
        }
        err.flush();
    }

    /**
     * The message of an exception raised on purpose (the product's own, a bad argument or state);
     * any other exception is named by its type too, since its message alone (a path, a number)
     * rarely says what happened.
     */
    static String describe(Throwable e) {
        boolean onPurpose = e.getClass().getName().startsWith("org.cloudprofiler.")
                || e.getClass() == IllegalArgumentException.class
                || e.getClass() == IllegalStateException.class
                || e.getClass() == IOException.class;
        if (onPurpose && e.getMessage() != null) {
            return e.getMessage();
        }
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }

    /** The exception inside those that only carry another. */
    private static Throwable unwrap(Throwable e) {
        Throwable inner = e;
        while ((inner instanceof UncheckedIOException || inner instanceof ExecutionException
                || inner instanceof CompletionException) && inner.getCause() != null) {
            inner = inner.getCause();
        }
        return inner;
    }

    /**
     * Whether {@code e} or what caused it is a mistake of the program rather than of its input:
     * the user can only report it.
     */
    private static boolean isInternal(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause() == cause ? null
                : cause.getCause()) {
            if (cause instanceof Error || cause instanceof NullPointerException
                    || cause instanceof ClassCastException
                    || cause instanceof IndexOutOfBoundsException
                    || cause instanceof ArithmeticException) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@value #VERBOSE} was given, before or after any command's name: picocli sets an
     * inherited option on the command that declares it.
     */
    private static boolean isVerbose(CommandLine command) {
        CommandLine root = command;
        while (root.getParent() != null) {
            root = root.getParent();
        }
        return root.getCommand() instanceof CloudProfilerCommand top && top.verbose;
    }
}
