package org.docex.mfa.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import org.docex.mfa.entity.RecoveryCode;

/** A user's one-time recovery codes, stored as hashes; the plain codes are shown only once. */
@ApplicationScoped
public class RecoveryCodeBook {

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    Clock clock;

    /** Replaces the user's codes with {@link RecoveryCodes#COUNT} new ones and answers them in plain text. */
    @Transactional
    public List<String> issue(UUID userId) {
        discard(userId);
        List<String> codes = RecoveryCodes.generate();
        codes.forEach(code -> em.persist(new RecoveryCode(userId, RecoveryCodes.hash(code))));
        return codes;
    }

    /** Marks the code used if it is one of the user's unused codes; a code is accepted at most once. */
    @Transactional
    public boolean use(UUID userId, String code) {
        if (RecoveryCodes.normalise(code).isEmpty()) {
            return false;
        }
        return em.createNamedQuery(RecoveryCode.USE)
                .setParameter("now", clock.instant())
                .setParameter("userId", userId)
                .setParameter("codeHash", RecoveryCodes.hash(code))
                .executeUpdate() == 1;
    }

    @Transactional
    public void discard(UUID userId) {
        em.createNamedQuery(RecoveryCode.DELETE_OF_USER).setParameter("userId", userId).executeUpdate();
    }
}
