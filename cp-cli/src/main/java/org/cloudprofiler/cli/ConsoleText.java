package org.cloudprofiler.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Map;

/**
 * What the command line prints, readable in any locale: a character that standard output's
 * charset cannot encode (the POSIX locale's is ASCII) is written as its ASCII spelling, {@code ±}
 * as {@code +-} and {@code µs} as {@code us}, instead of the {@code ?} Java writes for it; where
 * the charset takes it (UTF-8), it is written as is. Every command's output goes through here:
 * {@link #install()} replaces {@code System.out} and {@code System.err}, and
 * {@link #out()}/{@link #err()} are picocli's writers. Files (report.html, the CSVs) are not the
 * terminal and stay UTF-8.
 */
final class ConsoleText {
    /** The spellings of the non-ASCII characters the commands print. */
    private static final Map<Character, String> ASCII = Map.of(
            '±', "+-",
            'µ', "u",
            'μ', "u",
            '×', "x",
            '→', "->",
            '≤', "<=",
            '≥', ">=",
            '·', "*",
            '–', "-",
            '−', "-");

    private ConsoleText() {}

    /**
     * The charset standard output is written in: {@code stdout.encoding} where the JDK sets it
     * (19 and later), else what Java 17 writes standard output in ({@code sun.stdout.encoding},
     * else the default charset, both from the locale).
     */
    static Charset stdoutCharset() {
        for (String property : new String[] {"stdout.encoding", "sun.stdout.encoding"}) {
            String name = System.getProperty(property);
            if (name != null) {
                try {
                    return Charset.forName(name);
                } catch (IllegalCharsetNameException | UnsupportedCharsetException unknown) {
                    // As the JDK does with a name it does not know: the default charset.
                }
            }
        }
        return Charset.defaultCharset();
    }

    /** {@code text} with each character {@code charset} cannot encode spelled in ASCII. */
    static String spell(String text, Charset charset) {
        CharsetEncoder encoder = charset.newEncoder();
        if (encoder.canEncode(text)) {
            return text;
        }
        StringBuilder spelled = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (encoder.canEncode(c)) {
                spelled.append(c);
            } else {
                // What the charset would write anyway, for a character with no spelling here.
                spelled.append(ASCII.getOrDefault(c, "?"));
            }
        }
        return spelled.toString();
    }

    /** Makes {@code System.out} and {@code System.err} spell what their charset lacks. */
    static void install() {
        Charset charset = stdoutCharset();
        System.setOut(printStream(new FileOutputStream(FileDescriptor.out), charset));
        System.setErr(printStream(new FileOutputStream(FileDescriptor.err), charset));
    }

    /** picocli's standard output: {@code System.out}, spelling what its charset lacks. */
    static PrintWriter out() {
        return printWriter(System.out, stdoutCharset());
    }

    /** picocli's standard error, as {@link #out()}. */
    static PrintWriter err() {
        return printWriter(System.err, stdoutCharset());
    }

    /**
     * A print stream to {@code out} in {@code charset} that spells what it lacks; unbuffered
     * (each print is written at once), so nothing is left unwritten when a command exits.
     */
    static PrintStream printStream(OutputStream out, Charset charset) {
        return new SpellingPrintStream(out, charset);
    }

    /** An auto-flushing writer to {@code out} in {@code charset} that spells what it lacks. */
    static PrintWriter printWriter(OutputStream out, Charset charset) {
        Writer encoded = new OutputStreamWriter(out, charset);
        return new PrintWriter(new FilterWriter(encoded) {
            @Override
            public void write(int c) throws IOException {
                write(String.valueOf((char) c));
            }

            @Override
            public void write(char[] chars, int offset, int length) throws IOException {
                write(new String(chars, offset, length));
            }

            @Override
            public void write(String text, int offset, int length) throws IOException {
                out.write(spell(text.substring(offset, offset + length), charset));
            }
        }, true);
    }

    /**
     * Every text path of {@link PrintStream} ends in one of these prints ({@code println},
     * {@code printf} and {@code append} call them in a subclass); bytes pass unchanged.
     */
    private static final class SpellingPrintStream extends PrintStream {
        private final Charset charset;

        SpellingPrintStream(OutputStream out, Charset charset) {
            super(out, true, charset);
            this.charset = charset;
        }

        @Override
        public void print(String text) {
            super.print(spell(String.valueOf(text), charset));
        }

        @Override
        public void print(char c) {
            super.print(spell(String.valueOf(c), charset));
        }

        @Override
        public void print(char[] chars) {
            super.print(spell(new String(chars), charset));
        }

        @Override
        public void print(Object object) {
            super.print(spell(String.valueOf(object), charset));
        }
    }
}
