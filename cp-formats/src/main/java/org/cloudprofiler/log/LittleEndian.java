package org.cloudprofiler.log;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Little-endian field access to byte arrays, as the log format stores every integer. */
final class LittleEndian {

    private static final VarHandle SHORTS =
            MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INTS =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private LittleEndian() {}

    static int u8(byte[] bytes, int offset) {
        return bytes[offset] & 0xFF;
    }

    static int u16(byte[] bytes, int offset) {
        return (short) SHORTS.get(bytes, offset) & 0xFFFF;
    }

    /** A u32 field; callers that need it unsigned mask it with {@code & 0xFFFFFFFFL}. */
    static int i32(byte[] bytes, int offset) {
        return (int) INTS.get(bytes, offset);
    }

    static long u32(byte[] bytes, int offset) {
        return i32(bytes, offset) & 0xFFFF_FFFFL;
    }

    static long i64(byte[] bytes, int offset) {
        return (long) LONGS.get(bytes, offset);
    }
}
