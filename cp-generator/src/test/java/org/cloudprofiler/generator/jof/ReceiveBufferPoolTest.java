package org.cloudprofiler.generator.jof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import zmq.Msg;

class ReceiveBufferPoolTest {
    private static final int BUCKET = 464_040;

    @Test
    void aReleasedArrayCarriesTheNextMessageOfItsSizeClass() {
        ReceiveBufferPool pool = new ReceiveBufferPool(4);
        Msg first = pool.allocate(BUCKET);
        byte[] array = first.buf().array();
        assertEquals(8 * ReceiveBufferPool.GRANULE_BYTES, array.length);
        pool.release(first);

        Msg second = pool.allocate(BUCKET - 1000);
        assertSame(array, second.buf().array());
        assertEquals(BUCKET - 1000, second.size());
        // JeroMQ reads exactly the message into the buffer: it must end at the message's size.
        ByteBuffer buffer = second.buf();
        assertEquals(0, buffer.position());
        assertEquals(BUCKET - 1000, buffer.limit());
        assertEquals(0, pool.idleArrays());
    }

    @Test
    void theArrayReleasedLastIsUsedFirst() {
        ReceiveBufferPool pool = new ReceiveBufferPool(4);
        Msg a = pool.allocate(BUCKET);
        Msg b = pool.allocate(BUCKET);
        pool.release(a);
        pool.release(b);
        assertSame(b.buf().array(), pool.allocate(BUCKET).buf().array());
        assertSame(a.buf().array(), pool.allocate(BUCKET).buf().array());
    }

    @Test
    void atMostTheConfiguredNumberOfArraysWaitForReuse() {
        ReceiveBufferPool pool = new ReceiveBufferPool(2);
        Msg[] messages = new Msg[5];
        for (int i = 0; i < messages.length; i++) {
            messages[i] = pool.allocate(BUCKET);
        }
        for (Msg message : messages) {
            pool.release(message);
        }
        assertEquals(2, pool.idleArrays());
    }

    @Test
    void anIdleArrayTooSmallForTheMessageIsLeftForAFittingOne() {
        ReceiveBufferPool pool = new ReceiveBufferPool(4);
        Msg small = pool.allocate(ReceiveBufferPool.MIN_POOLED_BYTES);
        pool.release(small);
        Msg large = pool.allocate(BUCKET);
        assertNotSame(small.buf().array(), large.buf().array());
        assertEquals(0, pool.idleArrays());
        pool.release(large);
        assertSame(large.buf().array(), pool.allocate(BUCKET).buf().array());
    }

    @Test
    void messagesOutsideThePooledSizesHaveArraysOfTheirOwnThatAreNotKept() {
        ReceiveBufferPool pool = new ReceiveBufferPool(4);
        Msg marker = pool.allocate(64);
        Msg huge = pool.allocate(ReceiveBufferPool.MAX_POOLED_BYTES + 1);
        assertEquals(64, marker.buf().array().length);
        assertEquals(ReceiveBufferPool.MAX_POOLED_BYTES + 1, huge.buf().array().length);
        pool.release(marker);
        pool.release(huge);
        assertEquals(0, pool.idleArrays());
    }

    @Test
    void aPoolWithoutRoomIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new ReceiveBufferPool(0));
    }
}
