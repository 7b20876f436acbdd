package org.docex.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The database behind the servers under test, for tests that check what was stored. Against PostgreSQL
 * ({@code DB_URL} set) with black-box test classes in several JVMs at once ({@code -Dit.forks=2}), the
 * servers each JVM's classes start themselves use a database of that JVM's own, created beside
 * {@code DB_URL}'s on first use and dropped when the JVM ends: servers on one database claim each
 * other's queued work, whose files another class's data directory does not hold.
 */
public final class EmbeddedDatabase {

    private static String forkUrl;

    private EmbeddedDatabase() {
    }

    /** The database URL for the servers this JVM's tests start ({@code DB_URL}, or this JVM's own beside it); null on embedded H2. */
    public static synchronized String url() throws SQLException {
        String shared = System.getenv("DB_URL");
        if (shared == null || Integer.getInteger("docex.it.forks", 1) < 2) {
            return shared;
        }
        if (forkUrl == null) {
            String name = (databaseName(shared) + "_jvm" + ProcessHandle.current().pid()).toLowerCase(Locale.ROOT);
            try (Connection connection = connect(shared); Statement statement = connection.createStatement()) {
                statement.execute("CREATE DATABASE " + name);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> drop(shared, name)));
            forkUrl = withDatabase(shared, name);
        }
        return forkUrl;
    }

    /** {@code url} naming the database {@code name} on the same server. */
    static String withDatabase(String url, String name) {
        return url.replaceFirst("/[^/?;]+(?=$|[?;])", "/" + name);
    }

    private static String databaseName(String url) {
        Matcher name = Pattern.compile("/([^/?;]+)(?=$|[?;])").matcher(url);
        if (!name.find()) {
            throw new IllegalArgumentException("no database name in DB_URL");
        }
        return name.group(1);
    }

    private static void drop(String shared, String name) {
        try (Connection connection = connect(shared); Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        } catch (SQLException e) {
            System.err.println("could not drop the test database " + name + ": " + e.getMessage());
        }
    }

    /** False when the tests run against an external database ({@code DB_URL} set). */
    public static boolean inUse() {
        return System.getenv("DB_URL") == null;
    }

    /** The external database the servers under test use ({@code DB_URL}, {@code DB_USER}, {@code DB_PASSWORD}). */
    public static Connection external() throws SQLException {
        return connect(url());
    }

    private static Connection connect(String url) throws SQLException {
        return DriverManager.getConnection(url, System.getenv().getOrDefault("DB_USER", "docex"),
                System.getenv().getOrDefault("DB_PASSWORD", "docex"));
    }

    /** A connection that may change the stopped server's embedded database, as an operator's tool would. */
    public static Connection writable(Path dataDir) throws SQLException {
        return DriverManager.getConnection("jdbc:h2:file:" + dataDir.resolve("db/docex"), "docex", "docex");
    }

    public static Connection readOnly(Path dataDir) throws SQLException {
        String url = "jdbc:h2:file:" + dataDir.resolve("db/docex") + ";ACCESS_MODE_DATA=r";
        return DriverManager.getConnection(url, "docex", "docex");
    }
}
