package org.docex.security.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.logging.Logger;

/**
 * Writes the encrypted values of one column that a replaced key wrote again under the current key, so
 * that the previous key is needed for one start only. Each value is replaced only if it is still the
 * one read: of nodes starting together, one rewrites it, and a secret replaced meanwhile stays as it is.
 */
@ApplicationScoped
public class SecretColumnRewrite {

    private static final Logger LOG = Logger.getLogger(SecretColumnRewrite.class.getName());

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    /** @param column {@code table.column}, a constant of the calling code */
    @Transactional
    public void rewrite(DerivedKeyEncryption encryption, String column) {
        String table = column.substring(0, column.indexOf('.'));
        String name = column.substring(column.indexOf('.') + 1);
        List<?> values = em.createNativeQuery("SELECT " + name + " FROM " + table + " WHERE " + name + " IS NOT NULL")
                .getResultList();
        int rewritten = 0;
        int unreadable = 0;
        for (Object value : values) {
            String stored = value.toString();
            if (encryption.isCurrent(stored)) {
                continue;
            }
            try {
                rewritten += em.createNativeQuery("UPDATE " + table + " SET " + name + " = ?1 WHERE " + name + " = ?2")
                        .setParameter(1, encryption.encrypt(encryption.decrypt(stored)))
                        .setParameter(2, stored)
                        .executeUpdate();
            } catch (IllegalStateException noKeyOpensIt) {
                unreadable++;
            }
        }
        report(column, rewritten, unreadable);
    }

    private static void report(String column, int rewritten, int unreadable) {
        if (rewritten > 0) {
            LOG.info(() -> column + ": " + rewritten + " encrypted values written again under the current key");
        }
        if (unreadable > 0) {
            LOG.warning(() -> column + ": " + unreadable + " encrypted values open under neither the current nor a previous key"
                    + " and were left as they are");
        }
    }
}
