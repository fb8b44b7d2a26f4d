package org.cloudprofiler.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import org.cloudprofiler.testing.NativeSignatures;
import org.junit.jupiter.api.Test;

/** The generator's JNI takes its options and hands back its results by name, not position. */
class GeneratorJniSignaturesTest {

    @Test
    void everyNativeOfTheGeneratorPassesItsValuesByName() {
        assertEquals(List.of(), NativeSignatures.positional(Generator.class));
    }

    /**
     * Stricter than {@link NativeSignatures#positional}, which lets a {@code String[]} pass as a
     * list of like values (the core's warnings): no generator native has such a list to return,
     * so any array it returns must hold records, never values paired up by their position.
     */
    @Test
    void everyArrayTheGeneratorsNativesReturnHoldsRecords() {
        List<String> found = new ArrayList<>();
        for (Method method : Generator.class.getDeclaredMethods()) {
            Class<?> result = method.getReturnType();
            if (Modifier.isNative(method.getModifiers()) && result.isArray()
                    && !result.getComponentType().isRecord()) {
                found.add(method.getName() + " returns " + result.getSimpleName());
            }
        }
        assertEquals(List.of(), found);
    }
}
