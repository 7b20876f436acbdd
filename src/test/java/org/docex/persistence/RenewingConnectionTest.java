package org.docex.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RenewingConnectionTest {

    private final String url = "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
    private final AtomicInteger opened = new AtomicInteger();
    private final AtomicBoolean databaseUp = new AtomicBoolean(true);

    @Test
    void aConnectionTheDatabaseDroppedIsReplacedBeforeTheNextTransaction() throws Exception {
        Connection connection = RenewingConnection.open(this::openH2);
        execute(connection, "CREATE TABLE item (name VARCHAR(20))");

        dropped(connection);
        connection.setAutoCommit(false);
        execute(connection, "INSERT INTO item VALUES ('kept')");
        connection.commit();
        connection.setAutoCommit(true);

        assertEquals(2, opened.get());
        assertEquals(1, count(connection));
        assertSame(connection, connection.unwrap(Connection.class));
    }

    @Test
    void insideATransactionTheDroppedConnectionFailsTheCallerRatherThanBeingReplaced() throws Exception {
        Connection connection = RenewingConnection.open(this::openH2);
        execute(connection, "CREATE TABLE item (name VARCHAR(20))");
        connection.setAutoCommit(false);
        execute(connection, "INSERT INTO item VALUES ('lost')");

        dropped(connection);

        assertThrows(SQLException.class, connection::commit);
        assertEquals(1, opened.get(), "no commit on a fresh connection, which would report lost work as saved");
        SQLException rollback = assertThrows(SQLException.class, connection::rollback);
        assertTrue(rollback.getMessage().toLowerCase(java.util.Locale.ROOT).contains("closed"), rollback.getMessage());
        assertEquals(1, opened.get());
        connection.setAutoCommit(true);
        assertEquals(2, opened.get());
        assertEquals(0, count(connection));
    }

    @Test
    void theNewConnectionHasTheSettingsThePoolGaveTheDroppedOne() throws Exception {
        Connection connection = RenewingConnection.open(this::openH2);
        execute(connection, "CREATE SCHEMA docex");
        connection.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
        connection.setSchema("DOCEX");

        dropped(connection);

        assertEquals(Connection.TRANSACTION_SERIALIZABLE, connection.getTransactionIsolation());
        assertEquals("DOCEX", connection.getSchema());
        assertEquals(2, opened.get());
    }

    @Test
    void whileTheDatabaseCannotBeReachedEachCallFailsWithTheDriversErrorAndALaterOneRenews() throws Exception {
        Connection connection = RenewingConnection.open(this::openH2);
        dropped(connection);
        databaseUp.set(false);

        SQLException refused = assertThrows(SQLException.class, connection::createStatement);
        assertEquals("08001", refused.getSQLState());
        // Pools reset client info on every connection they take back; its setters declare a narrower exception.
        assertThrows(java.sql.SQLClientInfoException.class, () -> connection.setClientInfo("ApplicationName", "docex"));

        databaseUp.set(true);
        try (Statement statement = connection.createStatement()) {
            assertTrue(statement.execute("SELECT 1"));
        }
        assertEquals(2, opened.get());
    }

    @Test
    void anIdleConnectionIsCheckedOnceBeforeWorkAndReplacedWhenItDoesNotAnswer() throws Exception {
        AtomicLong now = new AtomicLong();
        AtomicBoolean answers = new AtomicBoolean(true);
        AtomicInteger checks = new AtomicInteger();
        Connection connection = RenewingConnection.open(() -> {
            opened.incrementAndGet();
            return silentlyDroppable(answers, checks);
        }, now::get);

        now.addAndGet(RenewingConnection.CHECK_AFTER_IDLE_NANOS / 2);
        connection.getSchema();
        assertEquals(0, checks.get(), "a connection in use is not checked: no round trip per call");

        answers.set(false);
        now.addAndGet(RenewingConnection.CHECK_AFTER_IDLE_NANOS + TimeUnit.MILLISECONDS.toNanos(1));
        connection.getSchema();
        assertEquals(1, checks.get());
        assertEquals(2, opened.get());
    }

    @Test
    void aConnectionInATransactionIsNeverCheckedHoweverLongItWaits() throws Exception {
        AtomicLong now = new AtomicLong();
        AtomicInteger checks = new AtomicInteger();
        Connection connection = RenewingConnection.open(() -> {
            opened.incrementAndGet();
            return silentlyDroppable(new AtomicBoolean(false), checks);
        }, now::get);
        connection.setAutoCommit(false);

        now.addAndGet(TimeUnit.MINUTES.toNanos(5));
        connection.getSchema();

        assertEquals(0, checks.get());
        assertEquals(1, opened.get());
    }

    private Connection openH2() throws SQLException {
        if (!databaseUp.get()) {
            throw new SQLTransientConnectionException("Connection refused", "08001");
        }
        opened.incrementAndGet();
        return DriverManager.getConnection(url, "sa", "");
    }

    /** What a database restart leaves in a pool: the driver's connection, closed underneath. */
    private static void dropped(Connection connection) throws SQLException {
        connection.unwrap(org.h2.jdbc.JdbcConnection.class).close();
    }

    /** A driver connection that reports itself open and answers its check as {@code answers} says. */
    private static Connection silentlyDroppable(AtomicBoolean answers, AtomicInteger checks) {
        AtomicBoolean autoCommit = new AtomicBoolean(true);
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, arguments) -> switch (method.getName()) {
                    case "isValid" -> {
                        checks.incrementAndGet();
                        yield answers.get();
                    }
                    case "isClosed" -> false;
                    case "getAutoCommit" -> autoCommit.get();
                    case "setAutoCommit" -> {
                        autoCommit.set((Boolean) arguments[0]);
                        yield null;
                    }
                    case "getSchema" -> "PUBLIC";
                    case "close" -> null;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static int count(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM item")) {
            rows.next();
            return rows.getInt(1);
        }
    }
}
