package org.docex.mfa.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A user's TOTP secrets, only ever in encrypted form: the pending one from the latest setup
 * and, once a code for it was verified, the active one. Removed when MFA is turned off.
 */
@Entity
@Table(name = "mfa_credential")
@NamedQuery(name = MfaCredential.DELETE_OF_USER, query = "DELETE FROM MfaCredential c WHERE c.userId = :userId")
public class MfaCredential {

    public static final String DELETE_OF_USER = "MfaCredential.deleteOfUser";

    @Id
    @Column(name = "user_id")
    private UUID userId;

    @Column(name = "pending_secret", length = 200)
    private String pendingSecret;

    @Column(name = "active_secret", length = 200)
    private String activeSecret;

    protected MfaCredential() {
    }

    public MfaCredential(UUID userId) {
        this.userId = Objects.requireNonNull(userId);
    }

    /** A new setup replaces any earlier pending secret; an active secret must be removed first. */
    public void replacePending(String encryptedSecret) {
        if (activeSecret != null) {
            throw new IllegalStateException("MFA is already active");
        }
        this.pendingSecret = Objects.requireNonNull(encryptedSecret);
    }

    /** The pending secret becomes the one every later challenge is checked against. */
    public void activatePending() {
        if (pendingSecret == null) {
            throw new IllegalStateException("No pending secret to activate");
        }
        activeSecret = pendingSecret;
        pendingSecret = null;
    }

    public UUID userId() {
        return userId;
    }

    public Optional<String> pendingSecret() {
        return Optional.ofNullable(pendingSecret);
    }

    public Optional<String> activeSecret() {
        return Optional.ofNullable(activeSecret);
    }
}
