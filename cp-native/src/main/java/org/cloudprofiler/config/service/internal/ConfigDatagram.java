package org.cloudprofiler.config.service.internal;

/**
 * A decoded, authenticated datagram: its message, the session it is bound to ({@code 0} in a
 * {@link ConfigMessage.Hello}) and the request id that pairs a reply with its request.
 * Immutable.
 */
public record ConfigDatagram(long session, int requestId, ConfigMessage message) {}
