package org.docex.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * A database for the servers one test starts itself, apart from the one the other tests share: for
 * tests that change what every later server depends on (the signing key's wrapping, a key rotation
 * that writes every stored secret again). On embedded H2 each server's data directory already holds
 * a database of its own; against PostgreSQL ({@code DB_URL} set) a database is created beside the
 * shared one, on the same server, and dropped when the test closes it.
 */
public final class OwnDatabase implements AutoCloseable {

    private final Path dataDir;
    private final String url;
    private final String name;

    private OwnDatabase(Path dataDir, String url, String name) {
        this.dataDir = dataDir;
        this.url = url;
        this.name = name;
    }

    /** A new, empty database for the servers started on {@code dataDir}. */
    public static OwnDatabase create(Path dataDir) throws SQLException {
        if (EmbeddedDatabase.inUse()) {
            return new OwnDatabase(dataDir, null, null);
        }
        String name = ("docex_own_" + UUID.randomUUID().toString().replace("-", "")).toLowerCase(Locale.ROOT);
        try (Connection connection = EmbeddedDatabase.external(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + name);
        }
        return new OwnDatabase(dataDir, EmbeddedDatabase.withDatabase(System.getenv("DB_URL"), name), name);
    }

    /** {@code more}, and the database settings that point a server at this database. */
    public Map<String, String> environment(Map<String, String> more) {
        Map<String, String> all = new HashMap<>(more);
        if (url != null) {
            all.put("DB_URL", url);
        }
        return all;
    }

    /** A connection to this database; on embedded H2 read-only, for a server that has stopped. */
    public Connection connect() throws SQLException {
        if (url == null) {
            return EmbeddedDatabase.readOnly(dataDir);
        }
        return DriverManager.getConnection(url, System.getenv().getOrDefault("DB_USER", "docex"),
                System.getenv().getOrDefault("DB_PASSWORD", "docex"));
    }

    /** As {@link #connect}, writable on embedded H2 too: for a test that changes what a stopped server left. */
    public Connection connectToChange() throws SQLException {
        return url == null ? EmbeddedDatabase.writable(dataDir) : connect();
    }

    @Override
    public void close() throws SQLException {
        if (name == null) {
            return;
        }
        try (Connection connection = EmbeddedDatabase.external(); Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        }
    }
}
