package org.docex.schema;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A new, empty PostgreSQL database, dropped on close, on the server of {@code DB_URL} when that is a
 * PostgreSQL URL, else on the machine's own server at 127.0.0.1:5432; the test is skipped when there
 * is no server to reach.
 */
final class ScratchPostgres implements AutoCloseable {

    private final String serverUrl;
    private final String name;
    final PGSimpleDataSource dataSource = new PGSimpleDataSource();

    private ScratchPostgres(String serverUrl, String name) {
        this.serverUrl = serverUrl;
        this.name = name;
        dataSource.setURL(serverUrl.replaceFirst("/[^/?;]+(?=$|[?;])", "/" + name));
        dataSource.setUser(user());
        dataSource.setPassword(password());
    }

    static ScratchPostgres create() throws SQLException {
        String configured = System.getenv("DB_URL");
        String serverUrl = configured != null && configured.startsWith("jdbc:postgresql:")
                ? configured : "jdbc:postgresql://127.0.0.1:5432/postgres";
        String name = ("docex_schema_" + UUID.randomUUID().toString().replace("-", "")).toLowerCase(Locale.ROOT);
        try (Connection connection = connect(serverUrl); Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + name);
        }
        return new ScratchPostgres(serverUrl, name);
    }

    private static Connection connect(String serverUrl) {
        try {
            return DriverManager.getConnection(serverUrl, user(), password());
        } catch (SQLException e) {
            assumeTrue(false, "no PostgreSQL server at " + serverUrl + ": " + e.getMessage());
            throw new IllegalStateException(e);
        }
    }

    private static String user() {
        return System.getenv().getOrDefault("DB_USER", "postgres");
    }

    private static String password() {
        return System.getenv().getOrDefault("DB_PASSWORD", "unused-with-trust-auth");
    }

    @Override
    public void close() throws SQLException {
        try (Connection connection = connect(serverUrl); Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        }
    }
}
