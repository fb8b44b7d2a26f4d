package org.cloudprofiler.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.cloudprofiler.testing.NativeSignatures;
import org.junit.jupiter.api.Test;

/** The generator's JNI takes its options and hands back its results by name, not position. */
class GeneratorJniSignaturesTest {

    @Test
    void everyNativeOfTheGeneratorPassesItsValuesByName() {
        assertEquals(List.of(), NativeSignatures.positional(Generator.class));
    }
}
