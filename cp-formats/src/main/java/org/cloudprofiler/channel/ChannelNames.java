package org.cloudprofiler.channel;

/**
 * Turns an engine's operator ids (a Storm component id, a Flink operator name) into channel name
 * components, which allow only letters, digits and {@code . _ - + @ =}: every other character
 * becomes {@code _} (docs/log-format.md). Stateless.
 */
public final class ChannelNames {

    private ChannelNames() {}

    /** The operator id as the first component of its channels' names. */
    public static String component(String componentId) {
        StringBuilder name = new StringBuilder(componentId.length());
        for (int i = 0; i < componentId.length(); i++) {
            char c = componentId.charAt(i);
            boolean allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9') || ".-_+@=".indexOf(c) >= 0;
            name.append(allowed ? c : '_');
        }
        String result = name.toString();
        // "." and ".." would name directories the log tree cannot hold.
        return result.isEmpty() || result.equals(".") || result.equals("..")
                ? result.replace('.', '_') + "_" : result;
    }
}
