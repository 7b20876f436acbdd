package org.docex.mfa.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/** One wrong second-factor code entered for a user, counted against the attempt limit. */
@Entity
@Table(name = "mfa_failure")
@NamedQuery(name = CodeFailure.TIMES_SINCE, query = "SELECT f.failedAt FROM CodeFailure f"
        + " WHERE f.userId = :userId AND f.failedAt > :since ORDER BY f.failedAt")
@NamedQuery(name = CodeFailure.DELETE_BEFORE,
        query = "DELETE FROM CodeFailure f WHERE f.userId = :userId AND f.failedAt <= :before")
@NamedQuery(name = CodeFailure.DELETE_OF_USER, query = "DELETE FROM CodeFailure f WHERE f.userId = :userId")
public class CodeFailure {

    public static final String TIMES_SINCE = "CodeFailure.timesSince";
    public static final String DELETE_BEFORE = "CodeFailure.deleteBefore";
    public static final String DELETE_OF_USER = "CodeFailure.deleteOfUser";

    @Id
    private UUID id;

    @Column(name = "user_id", nullable = false)
    private UUID userId;

    @Column(name = "failed_at", nullable = false)
    private Instant failedAt;

    protected CodeFailure() {
    }

    public CodeFailure(UUID userId, Instant failedAt) {
        this.id = UUID.randomUUID();
        this.userId = Objects.requireNonNull(userId);
        this.failedAt = Objects.requireNonNull(failedAt);
    }
}
