package org.docex.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** The embedded H2 database of a stopped server, for tests that check what was stored. */
public final class EmbeddedDatabase {

    private EmbeddedDatabase() {
    }

    /** False when the tests run against an external database ({@code DB_URL} set). */
    public static boolean inUse() {
        return System.getenv("DB_URL") == null;
    }

    public static Connection readOnly(Path dataDir) throws SQLException {
        String url = "jdbc:h2:file:" + dataDir.resolve("db/docex") + ";ACCESS_MODE_DATA=r";
        return DriverManager.getConnection(url, "docex", "docex");
    }
}
