package org.docex.mfa.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/** A one-time recovery code of a user, by its hash only. */
@Entity
@Table(name = "mfa_recovery_code")
@NamedQuery(name = RecoveryCode.USE,
        query = "UPDATE RecoveryCode r SET r.usedAt = :now"
                + " WHERE r.userId = :userId AND r.codeHash = :codeHash AND r.usedAt IS NULL")
@NamedQuery(name = RecoveryCode.DELETE_OF_USER, query = "DELETE FROM RecoveryCode r WHERE r.userId = :userId")
public class RecoveryCode {

    /** Marks an unused code used; one updated row means it was accepted, even with concurrent attempts. */
    public static final String USE = "RecoveryCode.use";
    public static final String DELETE_OF_USER = "RecoveryCode.deleteOfUser";

    @Id
    private UUID id;

    @Column(name = "user_id", nullable = false)
    private UUID userId;

    @Column(name = "code_hash", nullable = false, length = 64)
    private String codeHash;

    @Column(name = "used_at")
    private Instant usedAt;

    protected RecoveryCode() {
    }

    public RecoveryCode(UUID userId, String codeHash) {
        this.id = UUID.randomUUID();
        this.userId = Objects.requireNonNull(userId);
        this.codeHash = Objects.requireNonNull(codeHash);
    }
}
