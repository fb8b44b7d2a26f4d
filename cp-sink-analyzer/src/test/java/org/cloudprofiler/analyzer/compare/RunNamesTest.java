package org.cloudprofiler.analyzer.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The names of a comparison's two runs: two, non-blank, short and different. */
class RunNamesTest {

    @Test
    void twoNamesSeparatedByACommaAreAsThenBsWithoutTheSpacesAroundThem() {
        assertEquals(new RunNames("storm", "flink"), RunNames.parse("storm, flink "));
        assertFalse(RunNames.parse("storm,flink").byDefault());
        assertTrue(RunNames.parse("A,B").byDefault());
    }

    @Test
    void otherThanTwoNamesAreRefusedWithTheirCount() {
        assertEquals("1 name; give two, A's then B's, separated by a comma: storm,flink",
                refusal("storm"));
        assertEquals("3 names; give two, A's then B's, separated by a comma: storm,flink",
                refusal("storm,flink,kafka"));
    }

    @Test
    void aBlankALongOrARepeatedNameIsRefused() {
        assertEquals("a name is blank; give each run a name", refusal("storm,"));
        assertEquals("a name is blank; give each run a name", refusal(" ,flink"));
        assertEquals("the name apache-flink-1 is longer than 12 characters; give a shorter one",
                refusal("storm,apache-flink-1"));
        assertEquals("both runs are named storm; give two different names",
                refusal("storm,storm"));
    }

    private static String refusal(String names) {
        return assertThrows(IllegalArgumentException.class, () -> RunNames.parse(names))
                .getMessage();
    }
}
