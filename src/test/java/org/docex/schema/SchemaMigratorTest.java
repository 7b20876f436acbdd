package org.docex.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

class SchemaMigratorTest {

    private final JdbcDataSource database = freshDatabase();

    @Test
    void migratesAnEmptyDatabaseToTheNewestVersion() throws SQLException {
        int newest = newestBundledVersion();
        assertEquals(newest, SchemaMigrator.bundled(database).migrate());
        assertEquals(newest, count("SELECT COUNT(*) FROM schema_version WHERE version > 0"));
    }

    @Test
    void aNewerBuildStartsOnAnOlderDatabaseAndKeepsItsData() throws SQLException {
        List<Migration> all = SchemaMigrator.bundledMigrations();
        new SchemaMigrator(database, all.subList(0, 1)).migrate();
        execute("INSERT INTO app_setting (name, setting_value) VALUES ('kept', 'from version 1')");

        new SchemaMigrator(database, all).migrate();

        assertEquals(all.size(), count("SELECT COUNT(*) FROM schema_version WHERE version > 0"));
        assertEquals(1, count("SELECT COUNT(*) FROM app_setting WHERE name = 'kept' AND setting_value = 'from version 1'"));
    }

    @Test
    void migratingTwiceChangesNothing() throws SQLException {
        SchemaMigrator migrator = SchemaMigrator.bundled(database);
        migrator.migrate();
        migrator.migrate();
        assertEquals(newestBundledVersion(), count("SELECT COUNT(*) FROM schema_version WHERE version > 0"));
    }

    @Test
    void refusesADatabaseNewerThanTheBuild() throws SQLException {
        SchemaMigrator.bundled(database).migrate();
        execute("INSERT INTO schema_version (version, description, applied_at) VALUES (9999, 'future', CURRENT_TIMESTAMP)");
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> SchemaMigrator.bundled(database).migrate());
        assertTrue(refused.getMessage().contains("9999"));
    }

    @Test
    void aFailingMigrationIsNotRecordedAsApplied() throws SQLException {
        Migration broken = new Migration(1, "broken", List.of("CREATE TABLE half_done (id INTEGER)", "NOT SQL AT ALL"));
        assertThrows(SQLException.class, () -> new SchemaMigrator(database, List.of(broken)).migrate());
        assertEquals(0, count("SELECT COUNT(*) FROM schema_version WHERE version > 0"));
    }

    @Test
    void everyMigrationFileIsListedInOrder() throws Exception {
        Path folder = Path.of("src/main/resources/db/migration");
        try (Stream<Path> files = Files.list(folder)) {
            List<String> onDisk = files.map(p -> p.getFileName().toString())
                    .filter(name -> name.endsWith(".sql")).sorted().toList();
            List<String> listed = SchemaMigrator.bundledMigrations().stream()
                    .map(m -> "V" + m.version()).toList();
            assertEquals(onDisk.size(), listed.size(), "every .sql file must be in migrations.txt");
            for (int i = 0; i < listed.size(); i++) {
                assertEquals(i + 1, SchemaMigrator.bundledMigrations().get(i).version(), "versions are 1, 2, 3, ...");
            }
        }
    }

    @Test
    void splitsStatementsAndDropsComments() {
        List<String> statements = Migration.split("-- a comment\nCREATE TABLE a (x INT);\n\nCREATE TABLE b (y INT);\n");
        assertEquals(List.of("CREATE TABLE a (x INT)", "CREATE TABLE b (y INT)"), statements);
    }

    private int newestBundledVersion() {
        List<Migration> all = SchemaMigrator.bundledMigrations();
        return all.get(all.size() - 1).version();
    }

    private int count(String sql) throws SQLException {
        try (Connection c = database.getConnection(); Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getInt(1);
        }
    }

    private void execute(String sql) throws SQLException {
        try (Connection c = database.getConnection(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static JdbcDataSource freshDatabase() {
        JdbcDataSource source = new JdbcDataSource();
        source.setURL("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        return source;
    }
}
