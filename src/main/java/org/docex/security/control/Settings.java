package org.docex.security.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;

/** Installation-wide values in {@code app_setting}, shared by every node. */
@ApplicationScoped
public class Settings {

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    SettingWriter writer;

    /**
     * Answers the stored value, storing {@code candidate} first when there is none. When two
     * nodes race, the insert of one fails on the primary key and both answer the winner's value.
     */
    public String putIfAbsent(String name, String candidate) {
        return find(name).orElseGet(() -> {
            try {
                writer.insert(name, candidate);
            } catch (RuntimeException lostTheRace) {
                return find(name).orElseThrow(() -> lostTheRace);
            }
            return find(name).orElseThrow();
        });
    }

    /** Replaces the value only if it still is {@code expected}: of nodes racing to rewrite it, one wins. */
    public void replace(String name, String expected, String value) {
        writer.update(name, expected, value);
    }

    java.util.Optional<String> find(String name) {
        List<?> rows = em.createNativeQuery("SELECT setting_value FROM app_setting WHERE name = ?1")
                .setParameter(1, name)
                .getResultList();
        return rows.stream().findFirst().map(Object::toString);
    }

    @ApplicationScoped
    static class SettingWriter {

        @PersistenceContext(unitName = "docex")
        EntityManager em;

        @Transactional(Transactional.TxType.REQUIRES_NEW)
        void insert(String name, String value) {
            em.createNativeQuery("INSERT INTO app_setting (name, setting_value) VALUES (?1, ?2)")
                    .setParameter(1, name)
                    .setParameter(2, value)
                    .executeUpdate();
        }

        @Transactional(Transactional.TxType.REQUIRES_NEW)
        void update(String name, String expected, String value) {
            em.createNativeQuery("UPDATE app_setting SET setting_value = ?1 WHERE name = ?2 AND setting_value = ?3")
                    .setParameter(1, value)
                    .setParameter(2, name)
                    .setParameter(3, expected)
                    .executeUpdate();
        }
    }
}
