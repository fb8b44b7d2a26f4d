package org.cloudprofiler.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.cloudprofiler.log.HandlerType;
import org.junit.jupiter.api.Test;

/** Handler rules: syntax, first match wins, defaults after the user's rules, clear errors. */
class HandlerRulesTest {

    @Test
    void defaultsGiveIdsCountersCpuAndMarkers() {
        HandlerRules rules = HandlerRules.parse(null);
        assertEquals(HandlerType.BUFFERED_ID, rules.choose("split/3/in").handler());
        assertEquals(HandlerType.BUFFERED_ID, rules.choose("split/3/out").handler());
        assertEquals(HandlerType.SPC, rules.choose("split/3/count").handler());
        assertEquals(HandlerType.CPU, rules.choose("split/3/cpu").handler());
        assertEquals(HandlerType.FIRST_LAST, rules.choose("split/3/first-last").handler());
        assertEquals(HandlerType.BUFFERED_ID, rules.choose("jof/0/queue").handler());
    }

    @Test
    void theFirstMatchingRuleWins() {
        HandlerRules rules = HandlerRules.parse("sink/**=ID, **/in=NULL, **/{out,count}=OFF");
        assertEquals(HandlerType.ID, rules.choose("sink/7/in").handler());
        assertEquals(HandlerType.ID, rules.choose("sink/7/count").handler());
        assertEquals(HandlerType.NULL, rules.choose("split/3/in").handler());
        assertTrue(rules.choose("split/3/out").isOff());
        assertTrue(rules.choose("split/3/count").isOff());
        assertEquals(HandlerType.CPU, rules.choose("split/3/cpu").handler());
    }

    @Test
    void aListAloneHasNoDefaultsAndNamesItsSourceInErrors() {
        CpOption source = new CpOption("rules file /tmp/rules", "", "test");
        assertEquals(List.of("a/**=ID", "**/cpu=OFF"), HandlerRules.parseList(source,
                "a/**=ID\n**/cpu=OFF").stream().map(HandlerRule::toString).toList());
        CpConfigException e = assertThrows(CpConfigException.class,
                () -> HandlerRules.parseList(source, List.of("**=FAST")));
        assertTrue(e.getMessage().startsWith("rules file /tmp/rules = '**=FAST'"),
                e.getMessage());
    }

    @Test
    void aStarStaysWithinOneNameComponent() {
        HandlerRules rules = HandlerRules.parse(List.of("*/in=NULL", "*/*/in=ID"));
        assertEquals(HandlerType.ID, rules.choose("split/3/in").handler());
    }

    @Test
    void parametersAreIntegersOrDurations() {
        HandlerRules rules = HandlerRules.parse(
                "a/**=XOY:1:1_000\n b/**=SPC:250ms\n c/**=DOWNSAMPLE:10");
        assertEquals(List.of(1L, 1000L), rules.choose("a/1/in").parameters());
        assertEquals(List.of(250_000_000L), rules.choose("b/1/in").parameters());
        assertEquals(List.of(10L), rules.choose("c/1/in").parameters());
        assertEquals("XOY:1:1000", rules.choose("a/1/in").toString());
    }

    @Test
    void everyChannelIsOffOnlyWhenEveryRuleUpToACatchAllIs() {
        assertTrue(HandlerRules.parse("**=OFF").everyChannelOff());
        assertTrue(HandlerRules.parse("sink/**=OFF, **=OFF, **=ID").everyChannelOff());
        assertFalse(HandlerRules.parse("sink/**=ID, **=OFF").everyChannelOff());
        assertFalse(HandlerRules.parse("**/in=OFF, **/out=OFF").everyChannelOff(),
                "the defaults log count, cpu and first-last");
        assertFalse(HandlerRules.parse("**=NULL").everyChannelOff());
        assertFalse(HandlerRules.parse(null).everyChannelOff());
    }

    @Test
    void errorsNameTheKeyTheRuleAndTheFix() {
        assertMessage("**=FAST", "cloudprofiler.handlers", "unknown handler 'FAST'", "OFF");
        assertMessage("**", "cloudprofiler.handlers", "glob=HANDLER");
        assertMessage("**=XOY:1:0", "parameter y", "[1, ");
        assertMessage("**=SPC:1:2", "at most 1 parameter(s) [periodNs]");
        assertMessage("**=SPC:fast", "parameter periodNs", "100ms");
        assertMessage("[a=ID", "glob '[a' is malformed");
    }

    private static void assertMessage(String rules, String... parts) {
        CpConfigException e = assertThrows(CpConfigException.class,
                () -> HandlerRules.parse(rules));
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), () -> e.getMessage() + " lacks " + part);
        }
    }
}
