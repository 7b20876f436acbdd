package org.docex.mfa.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import org.junit.jupiter.api.Test;

class CodeCheckTest {

    @Test
    void aUniqueViolationAnywhereInTheCausesIsADuplicateKey() {
        SQLException unique = new SQLIntegrityConstraintViolationException("duplicate key", "23505");
        assertTrue(CodeCheck.isDuplicateKey(new PersistenceException(new RuntimeException(unique))));
    }

    @Test
    void otherDatabaseFailuresAreNot() {
        assertFalse(CodeCheck.isDuplicateKey(new PersistenceException(new SQLException("foreign key", "23503"))));
        assertFalse(CodeCheck.isDuplicateKey(new PersistenceException(new SQLException("connection lost", "08006"))));
        assertFalse(CodeCheck.isDuplicateKey(new PersistenceException(new SQLException("no state"))));
        assertFalse(CodeCheck.isDuplicateKey(new PersistenceException("no cause")));
    }
}
