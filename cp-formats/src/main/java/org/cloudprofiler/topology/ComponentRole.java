package org.cloudprofiler.topology;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Where a component stands in the flow of tuples; topology.json's {@code role}. */
public enum ComponentRole {
    /** Tuples enter the job here (a Storm spout, a Flink source). */
    SOURCE("source"),
    /** Neither a source nor a sink. */
    INNER("inner"),
    /** Nothing subscribes to it; end-to-end hops run from each source to each sink it reaches. */
    SINK("sink");

    private final String name;

    ComponentRole(String name) {
        this.name = name;
    }

    /** Its name in topology.json. */
    @JsonValue
    public String jsonName() {
        return name;
    }

    /**
     * The role named {@code name} in topology.json, or null for a name this version does not
     * know (readers then take the component as {@link #INNER}, as for a missing role).
     */
    @JsonCreator
    public static ComponentRole ofJsonName(String name) {
        for (ComponentRole role : values()) {
            if (role.name.equals(name)) {
                return role;
            }
        }
        return null;
    }
}
