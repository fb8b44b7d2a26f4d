package org.cloudprofiler.cli.doctor;

/** One thing {@code cloudprofiler doctor} checks about the machine; stateless. */
public interface DoctorCheck {

    /** The name that starts the check's line, e.g. {@code invariant TSC}. */
    String name();

    /** Looks at the machine only through {@code machine}, so tests can hand it a fake one. */
    CheckResult run(Machine machine);
}
