package org.cloudprofiler.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ChannelNamesTest {

    @Test
    void charactersAChannelNameCannotHoldBecomeUnderscores() {
        assertEquals("events", ChannelNames.component("events"));
        assertEquals("my_bolt_v2", ChannelNames.component("my bolt/v2"));
        assertEquals("Map_-__Filter_2_", ChannelNames.component("Map -> Filter(2)"));
        assertEquals("a.b-c_d+e@f=g", ChannelNames.component("a.b-c_d+e@f=g"));
    }

    @Test
    void namesTheLogTreeCannotHoldAreMadeDirectoryNames() {
        assertEquals("_", ChannelNames.component(""));
        assertEquals("__", ChannelNames.component("."));
        assertEquals("___", ChannelNames.component(".."));
    }

    @Test
    void aPointNamesItsChannelAsComponentTaskPoint() {
        assertEquals("x_/7/first-last", ProbePoint.FIRST_LAST.channelName("x:", 7));
        assertEquals("events/0/in", ProbePoint.IN.channelName("events", 0));
        assertTrue(ProbePoint.OUT.is("out"));
        assertFalse(ProbePoint.OUT.is("in"));
    }
}
