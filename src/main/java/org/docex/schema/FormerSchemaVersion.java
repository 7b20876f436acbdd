package org.docex.schema;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.OptionalInt;
import javax.sql.DataSource;

/**
 * The version recorded by docex's migrator from before Flyway, in {@code schema_version} (version
 * INTEGER primary key, description, applied_at; version 0 was its lock row).
 *
 * <p>A database that migrator brought up has that table and no Flyway history: Flyway takes it over
 * by a baseline at this version. The table is kept as it is and never written again: it records what
 * was applied before Flyway, and dropping it would win nothing but lose that record. Once Flyway's
 * history exists the baseline no longer applies, and this version stays what it was on the first
 * start under Flyway.
 */
final class FormerSchemaVersion {

    static final String TABLE = "schema_version";

    private FormerSchemaVersion() {
    }

    /** The highest version the former migrator applied, or empty where it never ran. */
    static OptionalInt read(DataSource dataSource) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            if (!exists(connection)) {
                return OptionalInt.empty();
            }
            try (Statement statement = connection.createStatement();
                 ResultSet newest = statement.executeQuery(
                         "SELECT COALESCE(MAX(version), 0) FROM " + TABLE + " WHERE version > 0")) {
                newest.next();
                return OptionalInt.of(newest.getInt(1));
            }
        }
    }

    // H2 keeps unquoted names in upper case, PostgreSQL in lower case.
    private static boolean exists(Connection connection) throws SQLException {
        try (ResultSet tables = connection.getMetaData().getTables(connection.getCatalog(), connection.getSchema(),
                null, new String[] {"TABLE"})) {
            while (tables.next()) {
                if (TABLE.equalsIgnoreCase(tables.getString("TABLE_NAME"))) {
                    return true;
                }
            }
            return false;
        }
    }
}
