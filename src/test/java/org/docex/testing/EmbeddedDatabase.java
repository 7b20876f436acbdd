package org.docex.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** The database behind the servers under test, for tests that check what was stored. */
public final class EmbeddedDatabase {

    private EmbeddedDatabase() {
    }

    /** False when the tests run against an external database ({@code DB_URL} set). */
    public static boolean inUse() {
        return System.getenv("DB_URL") == null;
    }

    /** The external database the servers under test use ({@code DB_URL}, {@code DB_USER}, {@code DB_PASSWORD}). */
    public static Connection external() throws SQLException {
        return DriverManager.getConnection(System.getenv("DB_URL"), System.getenv().getOrDefault("DB_USER", "docex"),
                System.getenv().getOrDefault("DB_PASSWORD", "docex"));
    }

    public static Connection readOnly(Path dataDir) throws SQLException {
        String url = "jdbc:h2:file:" + dataDir.resolve("db/docex") + ";ACCESS_MODE_DATA=r";
        return DriverManager.getConnection(url, "docex", "docex");
    }
}
