package org.cloudprofiler.config;

/** A configuration value that cannot be used; the message names the key, the value and the fix. */
public class CpConfigException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    CpConfigException(CpOption option, Object value, String problemAndFix) {
        super(option.key() + " = '" + value + "': " + problemAndFix);
    }
}
