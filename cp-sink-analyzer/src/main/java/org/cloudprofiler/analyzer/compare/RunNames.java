package org.cloudprofiler.analyzer.compare;

import java.util.List;

/**
 * What a comparison calls its two runs wherever it names one: the console's and the page's
 * headers, columns, warnings and "only in" rows ({@code cloudprofiler compare --names}).
 *
 * @param a run A's name
 * @param b run B's name
 */
public record RunNames(String a, String b) {

    /** The longest name: the console's columns have room for it. */
    public static final int MAX_LENGTH = 12;

    /** The names of a comparison whose runs the user did not name. */
    public static final RunNames DEFAULT = new RunNames("A", "B");

    /**
     * @throws IllegalArgumentException with one line naming the fix, if a name is blank or
     *     longer than {@link #MAX_LENGTH}, or both are the same
     */
    public RunNames {
        for (String name : List.of(a, b)) {
            if (name.isBlank()) {
                throw new IllegalArgumentException("a name is blank; give each run a name");
            }
            if (name.length() > MAX_LENGTH) {
                throw new IllegalArgumentException("the name " + name + " is longer than "
                        + MAX_LENGTH + " characters; give a shorter one");
            }
        }
        if (a.equals(b)) {
            throw new IllegalArgumentException("both runs are named " + a + "; give two"
                    + " different names");
        }
    }

    /**
     * The names in {@code commaSeparated}, A's then B's: {@code storm,flink}, each without the
     * spaces around it.
     *
     * @throws IllegalArgumentException with one line naming the fix, if it holds other than two
     *     names, or names the constructor refuses
     */
    public static RunNames parse(String commaSeparated) {
        // A limit of -1 keeps empty names at the end: "storm," is two names, one of them blank.
        String[] names = commaSeparated.split(",", -1);
        if (names.length != 2) {
            throw new IllegalArgumentException(names.length + (names.length == 1 ? " name" :
                    " names") + "; give two, A's then B's, separated by a comma: storm,flink");
        }
        // "storm, flink" as the user meant it.
        return new RunNames(names[0].strip(), names[1].strip());
    }

    /** Whether these are the names a comparison has when the user gives none: A and B. */
    public boolean byDefault() {
        return equals(DEFAULT);
    }
}
