package org.cloudprofiler;

/**
 * The kernel's NTP state as {@code ntp_adjtime(2)} reports it.
 *
 * @param clockState {@code TIME_OK} (0) to {@code TIME_ERROR} (5)
 * @param statusBits the {@code STA_*} bits
 * @param offsetNs the last measured offset from the time source, ns
 * @param maxErrorUs the kernel's upper bound on its error, µs
 * @param estimatedErrorUs the kernel's estimate of its error, µs
 */
public record KernelTimeStatus(
        int clockState, int statusBits, long offsetNs, long maxErrorUs, long estimatedErrorUs) {

    /** {@code STA_UNSYNC}: no time source disciplines the clock. */
    public static final int STA_UNSYNC = 0x0040;

    /** {@code TIME_ERROR}: the clock is not synchronized. */
    public static final int TIME_ERROR = 5;

    /** Whether an NTP daemon (ntpd, chronyd, systemd-timesyncd) keeps the clock in sync. */
    public boolean isSynchronized() {
        return (statusBits & STA_UNSYNC) == 0 && clockState != TIME_ERROR;
    }
}
