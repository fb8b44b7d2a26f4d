package org.cloudprofiler.examples.flink.ysb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.ProcessFunctionTestHarnesses;
import org.cloudprofiler.examples.ysb.common.TumblingWindows;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class CountViewsPerWindowTest {
    /** Windows of 10 ms; the newest and two behind it take views. */
    private static final TumblingWindows WINDOWS = new TumblingWindows(10, 3);

    private OneInputStreamOperatorTestHarness<CampaignView, WindowCount> harness;

    @BeforeEach
    void open() throws Exception {
        harness = ProcessFunctionTestHarnesses.forKeyedProcessFunction(
                new CountViewsPerWindow(WINDOWS), CampaignView::campaignId, Types.STRING);
    }

    @AfterEach
    void close() throws Exception {
        harness.close();
    }

    @Test
    void everyViewPassesOnWithItsWindowsCountSoFarPerCampaign() throws Exception {
        view("a", 1);
        view("a", 9);
        view("b", 5);
        view("a", 12);
        view("a", 3);

        assertEquals(List.of(new WindowCount("a", 0, 1), new WindowCount("a", 0, 2),
                new WindowCount("b", 0, 1), new WindowCount("a", 10, 1),
                new WindowCount("a", 0, 3)), harness.extractOutputValues());
    }

    @Test
    void aViewOfAWindowTheCampaignsNewestHasLeftBehindIsDropped() throws Exception {
        view("a", 5);
        view("a", 25);
        // Window 0 is two behind the newest, 20: still counted, on from its earlier count.
        view("a", 6);
        view("a", 31);
        // Now window 0 is three behind, forgotten: late. Campaign b has a newest of its own.
        view("a", 7);
        view("b", 8);

        assertEquals(List.of(new WindowCount("a", 0, 1), new WindowCount("a", 20, 1),
                new WindowCount("a", 0, 2), new WindowCount("a", 30, 1),
                new WindowCount("b", 0, 1)), harness.extractOutputValues());
    }

    private void view(String campaign, long eventTimeMs) throws Exception {
        harness.processElement(new CampaignView(campaign, eventTimeMs), eventTimeMs);
    }
}
