package org.cloudprofiler.log;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;

/**
 * Decompresses the zstd frame of one block through zstd-jni. Kept apart so that reading a raw
 * file never loads zstd's native library. Not thread-safe; owns a native context until closed.
 */
final class ZstdFrames implements AutoCloseable {

    private final ZstdDecompressCtx context = new ZstdDecompressCtx();

    /**
     * Checks that {@code source[0, sourceLength)} is exactly one zstd frame stating
     * {@code expectedLength} as its content size, before anything is allocated for it.
     *
     * @return {@code null} if so, else what is wrong with the frame
     */
    String check(byte[] source, int sourceLength, int expectedLength) {
        try {
            long contentSize = Zstd.getFrameContentSize(source, 0, sourceLength);
            if (contentSize < 0) {
                return "the zstd frame header is damaged or does not state its content size";
            }
            if (contentSize != expectedLength) {
                return "the zstd frame holds " + contentSize + " bytes, the block header says "
                        + expectedLength;
            }
            long frameLength = Zstd.findFrameCompressedSize(source, 0, sourceLength);
            if (frameLength != sourceLength) {
                return "the zstd frame is " + frameLength + " bytes, the stored payload "
                        + sourceLength;
            }
            return null;
        } catch (ZstdException | IndexOutOfBoundsException e) {
            // zstd-jni rejects some malformed frames with index exceptions rather than its own.
            return "the zstd frame is damaged: " + e.getMessage();
        }
    }

    /**
     * Decompresses a frame that passed {@link #check} into
     * {@code destination[0, expectedLength)}.
     *
     * @return {@code null} on success, else what went wrong
     */
    String decompress(byte[] source, int sourceLength, byte[] destination, int expectedLength) {
        try {
            int decoded = context.decompressByteArray(
                    destination, 0, expectedLength, source, 0, sourceLength);
            if (decoded != expectedLength) {
                return "the zstd frame decompressed to " + decoded + " bytes, not the "
                        + expectedLength + " the block header says";
            }
            return null;
        } catch (ZstdException | IndexOutOfBoundsException e) {
            return "zstd cannot decompress the frame: " + e.getMessage();
        }
    }

    @Override
    public void close() {
        context.close();
    }
}
