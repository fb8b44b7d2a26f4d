package org.cloudprofiler.testing;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * The native methods of a class that pass values by position instead of by name: a result as a
 * primitive array or an {@code Object[]} decoded by index, or more arguments than a reader can
 * match to their names.
 */
public final class NativeSignatures {
    /** The most arguments a native takes; more go into an options record read by field. */
    public static final int MAX_ARGUMENTS = 4;

    private NativeSignatures() {}

    /** One line per positional native of {@code type}; empty when every value crosses by name. */
    public static List<String> positional(Class<?> type) {
        List<String> found = new ArrayList<>();
        for (Method method : type.getDeclaredMethods()) {
            if (!Modifier.isNative(method.getModifiers())) {
                continue;
            }
            Class<?> result = method.getReturnType();
            if (result.isArray() && (result.getComponentType().isPrimitive()
                    || result.getComponentType() == Object.class)) {
                found.add(method.getName() + " returns " + result.getSimpleName());
            }
            if (method.getParameterCount() > MAX_ARGUMENTS) {
                found.add(method.getName() + " takes " + method.getParameterCount()
                        + " arguments");
            }
        }
        return found;
    }
}
