package org.cloudprofiler.examples.ysb.common;

import java.io.IOException;
import java.io.UncheckedIOException;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.cloudprofiler.generator.ysb.AdEvent;

/**
 * Ad events as the Yahoo streaming benchmark writes them to Kafka: one JSON object with
 * {@code user_id, page_id, ad_id, ad_type, event_type, event_time, ip_address}, the event time
 * in ms since the epoch, as a string. Thread-safe.
 */
public final class AdEventJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private AdEventJson() {}

    public static String write(AdEvent event) {
        ObjectNode node = JSON.createObjectNode();
        node.put("user_id", event.userId());
        node.put("page_id", event.pageId());
        node.put("ad_id", event.adId());
        node.put("ad_type", event.adType());
        node.put("event_type", event.eventType());
        node.put("event_time", Long.toString(event.eventTimeMs()));
        node.put("ip_address", event.ipAddress());
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The event {@code json} holds.
     *
     * @throws IOException if it is not JSON, or lacks a field, or its event time is no number
     */
    public static AdEvent read(String json) throws IOException {
        JsonNode node = JSON.readTree(json);
        try {
            return new AdEvent(text(node, "user_id"), text(node, "page_id"), text(node, "ad_id"),
                    text(node, "ad_type"), text(node, "event_type"),
                    Long.parseLong(text(node, "event_time")), text(node, "ip_address"));
        } catch (NumberFormatException e) {
            throw new IOException("event_time is not a number of milliseconds: " + e.getMessage());
        }
    }

    private static String text(JsonNode node, String field) throws IOException {
        JsonNode value = node.get(field);
        if (value == null || !value.isValueNode()) {
            throw new IOException("no \"" + field + "\" in " + node);
        }
        return value.asText();
    }
}
