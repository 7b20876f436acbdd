package org.docex.schema;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import javax.sql.DataSource;

/**
 * A database as docex's migrator from before Flyway left it: the first migrations run statement by
 * statement as that migrator split them, and its {@code schema_version} table with the lock row 0
 * and a row for each version applied.
 */
final class FormerMigrator {

    private FormerMigrator() {
    }

    static void migrateTo(DataSource database, int version) throws SQLException, IOException {
        try (Connection connection = database.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, "
                    + "description VARCHAR(200) NOT NULL, applied_at TIMESTAMP WITH TIME ZONE NOT NULL)");
            record(connection, 0, "migration lock");
            List<String> files = ListedMigrations.bundled().fileNames().subList(0, version);
            for (int i = 0; i < files.size(); i++) {
                for (String sql : statements(files.get(i))) {
                    statement.execute(sql);
                }
                record(connection, i + 1, files.get(i).replaceFirst("^V\\d+__", "").replace(".sql", "").replace('_', ' '));
            }
        }
    }

    private static List<String> statements(String fileName) throws IOException {
        try (InputStream in = FormerMigrator.class.getClassLoader().getResourceAsStream("db/migration/" + fileName)) {
            String withoutComments = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(line -> !line.strip().startsWith("--"))
                    .reduce("", (a, b) -> a + b + "\n");
            return Arrays.stream(withoutComments.split(";\\s*\n"))
                    .map(String::strip)
                    .map(sql -> sql.endsWith(";") ? sql.substring(0, sql.length() - 1) : sql)
                    .filter(sql -> !sql.isEmpty())
                    .toList();
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
}
