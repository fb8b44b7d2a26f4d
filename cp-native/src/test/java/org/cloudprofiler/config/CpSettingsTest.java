package org.cloudprofiler.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogFormat;
import org.cloudprofiler.tupleid.RootSampling;
import org.junit.jupiter.api.Test;

/** Reading every key from an engine's configuration map. */
class CpSettingsTest {

    @Test
    void anEmptyConfigurationGivesTheDocumentedDefaults() {
        CpSettings settings = CpSettings.defaults();
        assertTrue(settings.enabled());
        assertEquals(LogFormat.ZSTD, settings.logFormat());
        assertEquals("offset", settings.tupleIdField());
        assertEquals("", settings.tupleIdPartitionField());
        assertEquals(100_000_000L, settings.countPeriodNs());
        assertEquals(100_000_000L, settings.cpuPeriodNs());
        assertNull(settings.configServer());
        for (CpOption option : CpOptions.all()) {
            assertTrue(option.key().startsWith("cloudprofiler."), option.key());
        }
    }

    @Test
    void valuesComeInTheTypesStormAndFlinkConfigsHold() {
        CpSettings settings = CpSettings.from(Map.of(
                "cloudprofiler.enabled", false,
                "cloudprofiler.log-format", "raw",
                "cloudprofiler.tuple-id.field", "eventId",
                "cloudprofiler.tuple-id.partition-field", "partition",
                "cloudprofiler.count.period", "1s",
                "cloudprofiler.cpu.period", "20ms",
                "cloudprofiler.handlers", List.of("sink/**=ID"),
                "cloudprofiler.config-server", "cp-config.example:7712",
                "cloudprofiler.config-server.token", "t",
                "cloudprofiler.sample", "1/64"));
        assertFalse(settings.enabled());
        assertEquals(LogFormat.RAW, settings.logFormat());
        assertEquals("eventId", settings.tupleIdField());
        assertEquals("partition", settings.tupleIdPartitionField());
        assertEquals(HandlerType.ID, settings.handlerFor("sink/1/in").handler());
        assertEquals(new ServerAddress("cp-config.example", 7712), settings.configServer());
        assertEquals("t", settings.configServerToken());
        assertEquals(RootSampling.oneIn(64), settings.sampling());
        assertEquals("1/64", settings.sampleText());
        assertNull(CpSettings.defaults().sampleText(), "every record: topology.json names none");
    }

    @Test
    void periodsFillCounterAndCpuRulesThatGiveNone() {
        CpSettings settings = CpSettings.from(Map.of(
                "cloudprofiler.count.period", "1s",
                "cloudprofiler.cpu.period", "20ms",
                "cloudprofiler.handlers", "x/**=SPC:5ms"));
        assertEquals(List.of(1_000_000_000L), settings.handlerFor("a/1/count").parameters());
        assertEquals(List.of(20_000_000L), settings.handlerFor("a/1/cpu").parameters());
        assertEquals(List.of(5_000_000L), settings.handlerFor("x/1/count").parameters());
        assertEquals(List.of(), settings.handlerFor("a/1/in").parameters());
    }

    @Test
    void badValuesNameTheKeyAndTheFix() {
        assertMessage("cloudprofiler.enabled", "yes", "write true or false");
        assertMessage("cloudprofiler.sample", "64", "write 1/N");
        assertMessage("cloudprofiler.log-format", "lz4", "RAW or ZSTD");
        assertMessage("cloudprofiler.count.period", "100", "with a unit", "100ms");
        assertMessage("cloudprofiler.cpu.period", "10us", "at least 1ms");
        assertMessage("cloudprofiler.tuple-id.field", " ", "name the field");
        assertMessage("cloudprofiler.config-server", "cp-config", "host:port", "7712");
        assertMessage("cloudprofiler.config-server", "cp-config:70000", "1 to 65535");
    }

    private static void assertMessage(String key, Object value, String... parts) {
        CpConfigException e = assertThrows(CpConfigException.class,
                () -> CpSettings.from(Map.of(key, value)));
        assertTrue(e.getMessage().startsWith(key + " = '"), e.getMessage());
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), () -> e.getMessage() + " lacks " + part);
        }
    }
}
