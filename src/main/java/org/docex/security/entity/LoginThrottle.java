package org.docex.security.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Duration;
import java.time.Instant;

/**
 * Consecutive failed password checks for one username. Kept in the database so that the
 * back-off holds across every node of a cluster.
 */
@Entity
@Table(name = "login_throttle")
public class LoginThrottle {

    @Id
    private String username;

    private int failures;

    @Column(name = "blocked_until")
    private Instant blockedUntil;

    protected LoginThrottle() {
    }

    public LoginThrottle(String username) {
        this.username = username;
    }

    /** How long the caller must still wait, zero when an attempt is allowed now. */
    public Duration remainingBlock(Instant now) {
        if (blockedUntil == null || !blockedUntil.isAfter(now)) {
            return Duration.ZERO;
        }
        return Duration.between(now, blockedUntil);
    }

    public void recordFailure(Instant now, Duration delay) {
        failures++;
        blockedUntil = delay.isZero() ? null : now.plus(delay);
    }

    /** Takes back an attempt counted in advance that was never evaluated; the block it set goes with it when {@code delay} is zero. */
    public void withdrawFailure(Duration delay) {
        failures = Math.max(0, failures - 1);
        if (delay.isZero()) {
            blockedUntil = null;
        }
    }

    public int failures() {
        return failures;
    }
}
