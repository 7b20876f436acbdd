package org.docex.users.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.NotFoundException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.docex.errors.ConflictException;
import org.docex.persistence.ResourceId;
import org.docex.security.control.Role;
import org.docex.security.control.SessionRegistry;
import org.docex.users.entity.User;

/**
 * Finding and changing accounts. Every change that must end a user's sessions (password,
 * role, deactivation, MFA reset) revokes them in the same transaction as the change.
 */
@ApplicationScoped
public class UserDirectory {

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    SessionRegistry sessions;

    @Inject
    Clock clock;

    @Transactional
    public Optional<User> findByEmail(String email) {
        if (email == null || email.isBlank()) {
            return Optional.empty();
        }
        return em.createNamedQuery(User.BY_EMAIL, User.class)
                .setParameter("email", User.normaliseEmail(email))
                .getResultStream()
                .findFirst();
    }

    /** The user with that id; a malformed id is as unknown as a missing one. */
    @Transactional
    public User get(String id) {
        return ResourceId.parse(id).map(uuid -> em.find(User.class, uuid))
                .orElseThrow(() -> new NotFoundException("User not found"));
    }

    @Transactional
    public User get(UUID id) {
        User user = em.find(User.class, id);
        if (user == null) {
            throw new NotFoundException("User not found");
        }
        return user;
    }

    @Transactional
    public User create(String email, String passwordHash, Role role) {
        if (findByEmail(email).isPresent()) {
            throw new ConflictException("A user with this e-mail already exists");
        }
        User user = new User(email, passwordHash, role, clock.instant());
        em.persist(user);
        em.flush();
        return user;
    }

    @Transactional
    public List<User> list(int offset, int limit) {
        return em.createNamedQuery(User.ALL, User.class).setFirstResult(offset).setMaxResults(limit).getResultList();
    }

    @Transactional
    public long count() {
        return em.createNamedQuery(User.COUNT, Long.class).getSingleResult();
    }

    @Transactional
    public void upgradePasswordHash(UUID id, String strongerHash) {
        get(id).upgradePasswordHash(strongerHash, clock.instant());
    }

    /**
     * An admin's partial update; null means unchanged. Ends the user's sessions when the role,
     * the password or deactivation says so. Never leaves the installation without an active admin.
     */
    @Transactional
    public User update(UUID id, Role role, Boolean active, String passwordHash) {
        User user = get(id);
        boolean losesAdmin = (role != null && role != Role.ADMIN) || Boolean.FALSE.equals(active);
        if (losesAdmin) {
            requireAnotherActiveAdmin(user);
        }
        Instant now = clock.instant();
        boolean endsSessions = false;
        if (role != null) {
            endsSessions |= user.changeRole(role, now);
        }
        if (active != null) {
            endsSessions |= user.changeActive(active, now);
        }
        if (passwordHash != null) {
            endsSessions |= user.changePassword(passwordHash, now);
        }
        if (endsSessions) {
            sessions.revokeAll(user.id());
        }
        return user;
    }

    @Transactional
    public void changePassword(UUID id, String passwordHash) {
        get(id).changePassword(passwordHash, clock.instant());
        sessions.revokeAll(id);
    }

    /**
     * Refuses a change that would leave the installation without an active admin. Two admins
     * demoting each other at once would each count the other: so the active admins' rows are
     * locked first (in id order, the same for everyone) until the transaction ends, and counted
     * only then, by a statement that sees what a change that held the locks before committed.
     */
    @Transactional
    public void requireAnotherActiveAdmin(User user) {
        if (!user.isActiveAdmin()) {
            return;
        }
        em.createNamedQuery(User.ACTIVE_ADMINS, User.class).setLockMode(LockModeType.PESSIMISTIC_WRITE).getResultList();
        if (em.createNamedQuery(User.COUNT_ACTIVE_ADMINS, Long.class).getSingleResult() <= 1) {
            throw new ConflictException("At least one active admin must remain");
        }
    }
}
