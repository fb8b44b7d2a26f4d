package org.cloudprofiler.config.service.internal;

/**
 * A decoded datagram: its message and the request id that pairs a reply with its request.
 * Immutable.
 */
public record ConfigDatagram(int requestId, ConfigMessage message) {}
