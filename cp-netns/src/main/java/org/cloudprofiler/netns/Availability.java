package org.cloudprofiler.netns;

/** Whether network namespaces can be created here, and if not, why not. */
public record Availability(boolean available, String reason) {

    static Availability yes() {
        return new Availability(true, "network namespaces work");
    }

    static Availability no(String reason) {
        return new Availability(false, reason);
    }
}
