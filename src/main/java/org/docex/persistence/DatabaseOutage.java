package org.docex.persistence;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Whether a failure comes from the database being out of reach (stopped, restarting, failing over,
 * or the network to it down): the same request succeeds once it is back, so clients are told to try
 * again (503 with {@code Retry-After}) rather than that something broke (500).
 *
 * <p>Recognised anywhere in the chain of causes, since servers, pools, JPA and JTA each wrap the
 * driver's exception: JDBC's connection exceptions, SQLSTATE class 08 (connection exception) and
 * PostgreSQL's 57P01-57P03 (the server is shutting down, crashed, or still starting up).
 */
public final class DatabaseOutage {

    /** What clients are told; never the driver's message, which names hosts and ports. */
    public static final String DETAIL = "The database is unavailable at the moment; try again shortly";
    /** About how long a database restart or fail-over takes. */
    public static final int RETRY_AFTER_SECONDS = 5;

    /**
     * Payara's pool, when it cannot hand out a connection: the database is away, or every connection
     * is in use until the pool's wait ends; either way the same request succeeds later. Where the
     * connection was to join a transaction, the transaction manager's wrapper ("Got exception during
     * XAResource.start") drops the driver's exception, so this message is all that says so (seen on a
     * sign-in while PostgreSQL was stopped).
     */
    private static final String NO_CONNECTION_FROM_POOL = "Error in allocating a connection";
    private static final Set<String> SERVER_GOING_AWAY = Set.of("57P01", "57P02", "57P03");

    private DatabaseOutage() {
    }

    public static boolean explains(Throwable failure) {
        return driverReason(failure) != null;
    }

    /** The driver's own words for the outage, for the log; null when the failure is not one. */
    public static String driverReason(Throwable failure) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable cause = failure; cause != null && seen.add(cause); cause = cause.getCause()) {
            if (cause instanceof SQLException sql && isOutage(sql)) {
                return sql.getMessage();
            }
        }
        return null;
    }

    private static boolean isOutage(SQLException sql) {
        String state = sql.getSQLState();
        return sql instanceof SQLTransientConnectionException || sql instanceof SQLNonTransientConnectionException
                || sql instanceof SQLRecoverableException
                || state != null && (state.startsWith("08") || SERVER_GOING_AWAY.contains(state))
                || state == null && String.valueOf(sql.getMessage()).startsWith(NO_CONNECTION_FROM_POOL);
    }
}
