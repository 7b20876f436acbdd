package org.docex.schema;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Brings the database up to the newest schema by applying, in order, each migration listed in
 * {@code db/migration/migrations.txt} that {@code schema_version} does not record yet.
 *
 * <p>Each migration runs in one transaction holding a lock on a sentinel row of
 * {@code schema_version}: when two nodes start on one PostgreSQL database at once, the second
 * waits and then finds the work done. A database newer than this build refuses to start.
 */
public class SchemaMigrator {

    static final String LOCATION = "db/migration/";
    private static final int LOCK_ROW = 0;
    private static final Logger LOG = Logger.getLogger(SchemaMigrator.class.getName());

    private final DataSource dataSource;
    private final List<Migration> migrations;

    public SchemaMigrator(DataSource dataSource, List<Migration> migrations) {
        this.dataSource = dataSource;
        this.migrations = migrations.stream().sorted(Comparator.comparingInt(Migration::version)).toList();
    }

    public static SchemaMigrator bundled(DataSource dataSource) {
        return new SchemaMigrator(dataSource, bundledMigrations());
    }

    public static List<Migration> bundledMigrations() {
        ClassLoader loader = SchemaMigrator.class.getClassLoader();
        List<Migration> found = new ArrayList<>();
        try (InputStream index = loader.getResourceAsStream(LOCATION + "migrations.txt")) {
            if (index == null) {
                throw new IllegalStateException("No " + LOCATION + "migrations.txt on the class path");
            }
            new BufferedReader(new InputStreamReader(index, StandardCharsets.UTF_8)).lines()
                    .map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .forEach(file -> found.add(Migration.load(file, loader)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    /** Applies what is missing and answers the schema version the database is at afterwards. */
    public int migrate() throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            prepareVersionTable(connection);
            int known = migrations.isEmpty() ? 0 : migrations.get(migrations.size() - 1).version();
            int newest = appliedVersions(connection).stream().max(Integer::compare).orElse(0);
            if (newest > known) {
                throw new IllegalStateException("The database schema is at version " + newest
                        + " but this build knows versions up to " + known + ": refusing to start");
            }
            for (Migration migration : migrations) {
                applyUnlessDone(connection, migration);
            }
            return Math.max(newest, known);
        }
    }

    private static void prepareVersionTable(Connection connection) throws SQLException {
        connection.setAutoCommit(true);
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS schema_version ("
                    + "version INTEGER PRIMARY KEY, description VARCHAR(200) NOT NULL, "
                    + "applied_at TIMESTAMP WITH TIME ZONE NOT NULL)");
        }
        try {
            record(connection, LOCK_ROW, "migration lock");
        } catch (SQLException e) {
            if (!isDuplicate(e)) {
                throw e;
            }
        }
    }

    private static Set<Integer> appliedVersions(Connection connection) throws SQLException {
        Set<Integer> versions = new HashSet<>();
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT version FROM schema_version WHERE version > 0")) {
            while (rows.next()) {
                versions.add(rows.getInt(1));
            }
        }
        return versions;
    }

    /**
     * Locks the sentinel row so that concurrent migrators queue up (PostgreSQL runs DDL inside
     * the transaction, so a failure leaves nothing behind), re-checks after the wait, and
     * records the version only once every statement succeeded.
     */
    private static void applyUnlessDone(Connection connection, Migration migration) throws SQLException {
        connection.setAutoCommit(false);
        try {
            try (Statement lock = connection.createStatement()) {
                lock.executeQuery("SELECT version FROM schema_version WHERE version = " + LOCK_ROW + " FOR UPDATE").close();
            }
            if (appliedVersions(connection).contains(migration.version())) {
                connection.rollback();
                return;
            }
            try (Statement statement = connection.createStatement()) {
                for (String sql : migration.statements()) {
                    statement.execute(sql);
                }
            }
            record(connection, migration.version(), migration.description());
            connection.commit();
            LOG.info(() -> "Applied schema migration " + migration.version() + " (" + migration.description() + ")");
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(true);
        }
    }

    private static void record(Connection connection, int version, String description) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO schema_version (version, description, applied_at) VALUES (?, ?, ?)")) {
            insert.setInt(1, version);
            insert.setString(2, description);
            insert.setTimestamp(3, Timestamp.from(Instant.now()));
            insert.executeUpdate();
        }
    }

    private static boolean isDuplicate(SQLException e) {
        return e.getSQLState() != null && e.getSQLState().startsWith("23");
    }
}
