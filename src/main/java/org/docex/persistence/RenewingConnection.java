package org.docex.persistence;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A connection as the server pools it: the driver's connection, replaced by a new one between
 * transactions once the database has dropped it (a restart, a fail-over, a network blip).
 *
 * <p>Pools keep a connection until it is closed; a connection the database dropped stays in the pool
 * and fails every request that gets it. Servers can validate pooled connections, but for a data
 * source the application defines, each reads that setting only from vendor properties of its own in
 * the WAR (Payara Micro's asadmin commands do not reach such a pool, and it keeps dropped
 * connections by default), so the connection renews itself here and behaves the same on every server.
 *
 * <p>Only between transactions (auto-commit on): before work starts on a connection the driver
 * reports closed, or on one that was idle for more than a second and does not answer a check, a new
 * connection takes its place with the session settings the pool gave the old one. Inside a
 * transaction nothing is replaced: the transaction died with its connection, and the caller hears so
 * from its next call (a commit on a fresh connection would report success for work that was lost).
 */
final class RenewingConnection implements InvocationHandler {

    private static final Logger LOG = Logger.getLogger(RenewingConnection.class.getName());

    /** A connection unused for longer than this is checked with one round trip before work starts on it. */
    static final long CHECK_AFTER_IDLE_NANOS = TimeUnit.SECONDS.toNanos(1);
    static final int CHECK_TIMEOUT_SECONDS = 2;

    /** Settings a pool gives a connection, carried over to the one that replaces it. */
    private static final Set<String> SESSION_SETTINGS =
            Set.of("setTransactionIsolation", "setReadOnly", "setHoldability", "setCatalog", "setSchema");
    /** The end of a transaction: it goes to the connection the transaction ran on, dropped or not. */
    private static final Set<String> TRANSACTION_ENDS = Set.of("commit", "rollback");
    /** About this connection object itself: never a reason to renew it. */
    private static final Set<String> OWN_STATE =
            Set.of("close", "isClosed", "abort", "isValid", "unwrap", "isWrapperFor", "getNetworkTimeout", "setNetworkTimeout");

    /** Opens a connection of the driver. */
    @FunctionalInterface
    interface Opener {
        Connection open() throws SQLException;
    }

    private final Opener opener;
    private final LongSupplier nanoTime;
    private final Map<Method, Object[]> settings = new LinkedHashMap<>();
    private volatile Connection driverConnection;
    private boolean autoCommit;
    private long lastUsed;

    private RenewingConnection(Opener opener, LongSupplier nanoTime, Connection first) throws SQLException {
        this.opener = opener;
        this.nanoTime = nanoTime;
        this.driverConnection = first;
        this.autoCommit = first.getAutoCommit();
        this.lastUsed = nanoTime.getAsLong();
    }

    static Connection open(Opener opener) throws SQLException {
        return open(opener, System::nanoTime);
    }

    static Connection open(Opener opener, LongSupplier nanoTime) throws SQLException {
        RenewingConnection handler = new RenewingConnection(opener, nanoTime, opener.open());
        return (Connection) Proxy.newProxyInstance(RenewingConnection.class.getClassLoader(),
                new Class<?>[] {Connection.class}, handler);
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] arguments) throws Throwable {
        String name = method.getName();
        if (method.getDeclaringClass() == Object.class) {
            return switch (name) {
                case "equals" -> proxy == arguments[0];
                case "hashCode" -> System.identityHashCode(proxy);
                default -> getClass().getSimpleName() + "[" + driverConnection + "]";
            };
        }
        if ((name.equals("unwrap") || name.equals("isWrapperFor")) && ((Class<?>) arguments[0]).isInstance(proxy)) {
            return name.equals("unwrap") ? proxy : Boolean.TRUE;
        }
        if (!OWN_STATE.contains(name) && mayFailWithSqlException(method)) {
            beforeWork(!TRANSACTION_ENDS.contains(name));
        }
        try {
            Object result = method.invoke(driverConnection, arguments);
            remember(method, arguments);
            return result;
        } catch (InvocationTargetException e) {
            throw e.getCause();
        } finally {
            lastUsed = nanoTime.getAsLong();
        }
    }

    /** Client info setters declare a narrower exception: a failed renewal could not reach their callers as it is. */
    private static boolean mayFailWithSqlException(Method method) {
        return Arrays.asList(method.getExceptionTypes()).contains(SQLException.class);
    }

    /** {@code mayRenew}: false for a commit or rollback, which belong to the connection their transaction ran on. */
    private void beforeWork(boolean mayRenew) throws SQLException {
        Connection current = driverConnection;
        if (current.isClosed()) {
            if (!autoCommit) {
                // The open transaction ended with the connection: this call fails on it, a later one renews.
                autoCommit = true;
            } else if (mayRenew) {
                renew(current);
            }
        } else if (mayRenew && autoCommit && nanoTime.getAsLong() - lastUsed > CHECK_AFTER_IDLE_NANOS && !answers(current)) {
            renew(current);
        }
    }

    private static boolean answers(Connection connection) {
        try {
            return connection.isValid(CHECK_TIMEOUT_SECONDS);
        } catch (SQLException e) {
            return false;
        }
    }

    private void renew(Connection dropped) throws SQLException {
        Connection fresh = opener.open();
        try {
            for (Map.Entry<Method, Object[]> setting : settings.entrySet()) {
                setting.getKey().invoke(fresh, setting.getValue());
            }
            autoCommit = fresh.getAutoCommit();
        } catch (ReflectiveOperationException | SQLException | RuntimeException e) {
            closeQuietly(fresh);
            throw new SQLException("A new database connection could not take the settings of the dropped one", e);
        }
        driverConnection = fresh;
        closeQuietly(dropped);
        LOG.info("Replaced a pooled database connection that the database had dropped");
    }

    private void remember(Method method, Object[] arguments) {
        if (method.getName().equals("setAutoCommit")) {
            autoCommit = (Boolean) arguments[0];
        } else if (SESSION_SETTINGS.contains(method.getName())) {
            settings.put(method, arguments.clone());
        }
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.FINE, "Closing a dropped database connection failed", e);
        }
    }
}
