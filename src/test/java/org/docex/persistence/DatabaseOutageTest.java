package org.docex.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;

class DatabaseOutageTest {

    @Test
    void connectionFailuresAnywhereInTheChainAreAnOutage() {
        assertTrue(DatabaseOutage.explains(new SQLException("This connection has been closed.", "08003")));
        assertTrue(DatabaseOutage.explains(new SQLTransientConnectionException("pool timed out")));
        assertTrue(DatabaseOutage.explains(new IllegalStateException("Read failed",
                new SQLException("Error in allocating a connection", null,
                        new SQLException("Connection to 127.0.0.1:5432 refused", "08001")))));
        assertEquals("Connection to 127.0.0.1:5432 refused", DatabaseOutage.driverReason(
                new RuntimeException(new SQLException("Connection to 127.0.0.1:5432 refused", "08001"))));
    }

    /** The pool's refusal where the transaction manager's wrapper dropped the driver's exception, as Payara wrote it. */
    @Test
    void thePoolsRefusalWithoutTheDriversCauseIsAnOutage() {
        assertTrue(DatabaseOutage.explains(new IllegalStateException("Exception [EclipseLink-4002]", new SQLException(
                "Error in allocating a connection. Cause: java.lang.RuntimeException: Got exception during XAResource.start:",
                (String) null, new RuntimeException("Got exception during XAResource.start:")))));
        assertFalse(DatabaseOutage.explains(new SQLException("Error in something else", (String) null)));
    }

    @Test
    void aServerShuttingDownOrStartingUpIsAnOutage() {
        assertTrue(DatabaseOutage.explains(new SQLException("terminating connection due to administrator command", "57P01")));
        assertTrue(DatabaseOutage.explains(new SQLException("the database system is starting up", "57P03")));
    }

    @Test
    void otherFailuresAreNot() {
        assertFalse(DatabaseOutage.explains(new SQLIntegrityConstraintViolationException("duplicate key", "23505")));
        assertFalse(DatabaseOutage.explains(new SQLException("syntax error", "42601")));
        assertFalse(DatabaseOutage.explains(new java.io.UncheckedIOException(new java.net.ConnectException("Connection refused"))));
        assertNull(DatabaseOutage.driverReason(new IllegalStateException("no cause")));
    }

    @Test
    void aCycleOfCausesEnds() {
        RuntimeException first = new RuntimeException("first");
        RuntimeException second = new RuntimeException("second", first);
        first.initCause(second);
        assertFalse(DatabaseOutage.explains(first));
    }
}
