package org.docex.mfa.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/** A TOTP time step whose code a user has had accepted; its key makes a second use impossible. */
@Entity
@Table(name = "mfa_used_step")
@IdClass(UsedTimeStep.Key.class)
@NamedQuery(name = UsedTimeStep.DELETE_BEFORE,
        query = "DELETE FROM UsedTimeStep s WHERE s.userId = :userId AND s.step < :step")
@NamedQuery(name = UsedTimeStep.DELETE_OF_USER, query = "DELETE FROM UsedTimeStep s WHERE s.userId = :userId")
public class UsedTimeStep {

    public static final String DELETE_BEFORE = "UsedTimeStep.deleteBefore";
    public static final String DELETE_OF_USER = "UsedTimeStep.deleteOfUser";

    @Id
    @Column(name = "user_id")
    private UUID userId;

    @Id
    @Column(name = "time_step")
    private long step;

    @Column(name = "used_at", nullable = false)
    private Instant usedAt;

    protected UsedTimeStep() {
    }

    public UsedTimeStep(UUID userId, long step, Instant usedAt) {
        this.userId = Objects.requireNonNull(userId);
        this.step = step;
        this.usedAt = Objects.requireNonNull(usedAt);
    }

    public static Key key(UUID userId, long step) {
        return new Key(userId, step);
    }

    /** The composite primary key (user, step). */
    public static class Key implements Serializable {

        private static final long serialVersionUID = 1L;

        private UUID userId;
        private long step;

        public Key() {
        }

        Key(UUID userId, long step) {
            this.userId = userId;
            this.step = step;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && step == key.step && Objects.equals(userId, key.userId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(userId, step);
        }
    }
}
