package org.cloudprofiler.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.NativeCallRoute;

/**
 * The per-record calls as FFM downcalls to the core's C table of logging entry points
 * ({@code CpLogApi}, {@code cp-native/src/main/cpp/api/log_api.h}), whose address
 * {@link CloudProfiler#nativeLogApi()} gives: no symbol is looked up, so a shaded copy of the jar
 * works as the JNI route does. The downcalls are critical: the calling thread stays in the Java
 * state, which saves the two thread-state transitions a JNI call makes; the entries are short,
 * never throw and never call back into the JVM. Linking needs native access (restricted methods),
 * so only {@link NativeCallsChoice} creates this class, and only where the JVM grants it.
 */
@SuppressWarnings("restricted")  // the reason for this class; NativeCallsChoice guards its use
final class FfmNativeCalls implements NativeCalls {
    /** The table version that added {@code logTS} and {@code logTSStamped}. */
    private static final int FIRST_COMPLETE_TABLE_VERSION = 2;

    /** {@code struct CpLogApi} as of {@link #FIRST_COMPLETE_TABLE_VERSION}; it only grows. */
    private static final StructLayout TABLE = MemoryLayout.structLayout(
            JAVA_INT.withName("version"),
            MemoryLayout.paddingLayout(ADDRESS.byteSize() - JAVA_INT.byteSize()),
            ADDRESS.withName("readTsc"),
            ADDRESS.withName("logTSAt"),
            ADDRESS.withName("logTS"),
            ADDRESS.withName("logTSStamped"));

    // Static finals, so that the JIT treats each handle as a constant and inlines the call.
    private static final MethodHandle READ_TSC;
    private static final MethodHandle LOG_TS_AT;
    private static final MethodHandle LOG_TS;
    private static final MethodHandle LOG_TS_STAMPED;

    static {
        MemorySegment table = MemorySegment.ofAddress(CloudProfiler.nativeLogApi())
                .reinterpret(TABLE.byteSize());
        if (table.get(JAVA_INT, 0) >= FIRST_COMPLETE_TABLE_VERSION) {
            READ_TSC = link(table, "readTsc", FunctionDescriptor.of(JAVA_LONG));
            LOG_TS_AT = link(table, "logTSAt",
                    FunctionDescriptor.of(JAVA_BOOLEAN, JAVA_LONG, JAVA_LONG, JAVA_LONG));
            LOG_TS = link(table, "logTS",
                    FunctionDescriptor.of(JAVA_BOOLEAN, JAVA_LONG, JAVA_LONG));
            LOG_TS_STAMPED = link(table, "logTSStamped",
                    FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG));
        } else {
            // A library from an older build (NativeLibrary.PATH_PROPERTY): JNI serves it.
            READ_TSC = null;
            LOG_TS_AT = null;
            LOG_TS = null;
            LOG_TS_STAMPED = null;
        }
    }

    private static MethodHandle link(
            MemorySegment table, String entry, FunctionDescriptor signature) {
        MemorySegment function = table.get(ADDRESS,
                TABLE.byteOffset(PathElement.groupElement(entry)));
        return Linker.nativeLinker().downcallHandle(
                function, signature, Linker.Option.critical(false));
    }

    /** Whether the loaded library's table has every entry this class calls. */
    static boolean linked() {
        return LOG_TS != null;
    }

    @Override
    public NativeCallRoute route() {
        return NativeCallRoute.FFM;
    }

    @Override
    public boolean logTS(long channel, long tupleId) {
        try {
            return (boolean) LOG_TS.invokeExact(channel, tupleId);
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    @Override
    public boolean logTSAt(long channel, long tupleId, long tsc) {
        try {
            return (boolean) LOG_TS_AT.invokeExact(channel, tupleId, tsc);
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    @Override
    public long logTSStamped(long channel, long tupleId) {
        try {
            return (long) LOG_TS_STAMPED.invokeExact(channel, tupleId);
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    @Override
    public long readTsc() {
        try {
            return (long) READ_TSC.invokeExact();
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    /**
     * What to throw for {@code t}: the entries never throw, so only the JVM can (an
     * {@link Error} such as a stack overflow), which passes through as it is.
     */
    private static RuntimeException unexpected(Throwable t) {
        if (t instanceof Error error) {
            throw error;
        }
        return new IllegalStateException("a native logging entry threw", t);
    }
}
