package org.docex.users.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.UUID;
import org.docex.security.control.Account;
import org.docex.security.control.Role;

/**
 * An account. State changes are methods; each one that must end the user's existing sessions
 * says so by returning true, and the caller revokes them in the same transaction.
 */
@Entity
@Table(name = "app_user")
@NamedQuery(name = User.BY_EMAIL, query = "SELECT u FROM User u WHERE u.email = :email")
@NamedQuery(name = User.ALL, query = "SELECT u FROM User u ORDER BY u.createdAt, u.email")
@NamedQuery(name = User.COUNT, query = "SELECT COUNT(u) FROM User u")
@NamedQuery(name = User.ACTIVE_ADMINS,
        query = "SELECT u FROM User u WHERE u.role = org.docex.security.control.Role.ADMIN AND u.active = TRUE ORDER BY u.id")
@NamedQuery(name = User.COUNT_ACTIVE_ADMINS,
        query = "SELECT COUNT(u) FROM User u WHERE u.role = org.docex.security.control.Role.ADMIN AND u.active = TRUE")
public class User implements Account {

    public static final String BY_EMAIL = "User.byEmail";
    public static final String ALL = "User.all";
    public static final String COUNT = "User.count";
    public static final String COUNT_ACTIVE_ADMINS = "User.countActiveAdmins";
    public static final String ACTIVE_ADMINS = "User.activeAdmins";

    @Id
    private UUID id;

    @Column(nullable = false, unique = true, length = 254)
    private String email;

    @Column(name = "password_hash", nullable = false, length = 200)
    private String passwordHash;

    @Column(nullable = false, length = 20)
    private Role role;

    private boolean active;

    @Column(name = "mfa_enabled")
    private boolean mfaEnabled;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    private Instant updatedAt;

    @Version
    @Column(name = "row_version")
    private long rowVersion;

    protected User() {
    }

    public User(String email, String passwordHash, Role role, Instant now) {
        this.id = UUID.randomUUID();
        this.email = normaliseEmail(email);
        this.passwordHash = Objects.requireNonNull(passwordHash);
        this.role = Objects.requireNonNull(role);
        this.active = true;
        this.createdAt = now;
        this.updatedAt = now;
    }

    public static String normaliseEmail(String email) {
        return email == null ? null : email.strip().toLowerCase(Locale.ROOT);
    }

    public boolean changePassword(String newHash, Instant now) {
        this.passwordHash = Objects.requireNonNull(newHash);
        touch(now);
        return true;
    }

    /** A rehash with stronger parameters of the same password: sessions stay valid. */
    public void upgradePasswordHash(String strongerHash, Instant now) {
        this.passwordHash = Objects.requireNonNull(strongerHash);
        touch(now);
    }

    public boolean changeRole(Role newRole, Instant now) {
        if (newRole == role) {
            return false;
        }
        this.role = newRole;
        touch(now);
        return true;
    }

    public boolean changeActive(boolean newActive, Instant now) {
        if (newActive == active) {
            return false;
        }
        this.active = newActive;
        touch(now);
        return !newActive;
    }

    public boolean changeMfaEnabled(boolean enabled, Instant now) {
        if (enabled == mfaEnabled) {
            return false;
        }
        this.mfaEnabled = enabled;
        touch(now);
        return true;
    }

    public boolean isActiveAdmin() {
        return active && role == Role.ADMIN;
    }

    private void touch(Instant now) {
        this.updatedAt = now;
    }

    public UUID id() {
        return id;
    }

    public String email() {
        return email;
    }

    public String passwordHash() {
        return passwordHash;
    }

    public Role role() {
        return role;
    }

    public boolean active() {
        return active;
    }

    public boolean mfaEnabled() {
        return mfaEnabled;
    }

    public Instant createdAt() {
        return createdAt;
    }
}
