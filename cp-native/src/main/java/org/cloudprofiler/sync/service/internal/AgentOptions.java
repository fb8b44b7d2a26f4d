package org.cloudprofiler.sync.service.internal;

/**
 * A sync agent's options in the form the native agent takes, handed to it whole: the JNI layer
 * ({@code sync_jni.cpp}) reads each component by name into the C++ {@code SyncAgentOptions}.
 * Built by {@code SyncAgent.create} from its {@code Options}.
 *
 * @param serverHost the sync server's host
 * @param serverPort the sync server's port
 * @param nodeId this node's id, already chosen
 * @param bindHost the address to answer on; null for the one that routes to the server
 * @param port the UDP port to answer on, 0 for any
 * @param token shared token, empty for none
 * @param serverTimeoutMs silence from the server after which the agent gives up, ms
 */
public record AgentOptions(String serverHost, int serverPort, String nodeId, String bindHost,
        int port, String token, int serverTimeoutMs) {}
