package org.docex.concurrency;

import com.sun.management.OperatingSystemMXBean;
import jakarta.enterprise.context.ApplicationScoped;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;

/**
 * How busy the machine's cores are, as the JDK reads it for the whole system (container limits
 * included), sampled at most every {@link #SAMPLE_NANOS}: the JDK answers the use since its previous
 * reading, and a shorter one is mostly noise. Background work asks it before it takes more of the
 * cores: on two cores, a read answered by the API waits on the cores far more often than on a
 * request permit, so the permits alone do not show that the cores are taken.
 */
@ApplicationScoped
public class CoreLoad {

    /** Busy from this share of the cores' time on. */
    public static final double BUSY = 0.8;
    private static final long SAMPLE_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    // Null on a JVM without the com.sun.management extension: then the cores never count as busy.
    private final OperatingSystemMXBean system = ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class);
    private long sampledAt = System.nanoTime() - SAMPLE_NANOS;
    private double load;

    /** Whether the cores were at least {@link #BUSY} in use over the last half second or so. */
    public synchronized boolean busy() {
        long now = System.nanoTime();
        if (system != null && now - sampledAt >= SAMPLE_NANOS) {
            // Negative when the JDK cannot tell: then nothing counts as busy.
            load = system.getCpuLoad();
            sampledAt = now;
        }
        return load >= BUSY;
    }
}
