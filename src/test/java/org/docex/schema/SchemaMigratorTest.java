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
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.flywaydb.core.api.FlywayException;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaMigratorTest {

    // Flyway quotes its history table's names, so they are lower case on H2 too.
    private static final String HISTORY = "\"flyway_schema_history\"";
    private static final String APPLIED = "SELECT COUNT(*) FROM " + HISTORY + " WHERE \"success\" AND \"type\" = 'SQL'";
    private static final String APPLIED_VERSIONS = "SELECT \"version\" FROM " + HISTORY + " WHERE \"success\" AND \"type\" = 'SQL'";

    private final JdbcDataSource database = inMemory();
    private final int newest = ListedMigrations.bundled().newestVersion();

    @Test
    void migratesAnEmptyDatabaseToTheNewestVersion() throws SQLException {
        assertEquals(newest, SchemaMigrator.bundled(database).migrate());
        assertEquals(newest, count(database, APPLIED));
        assertEquals(0, count(database, "SELECT COUNT(*) FROM app_setting"));
    }

    @Test
    void aNewerBuildStartsOnAnOlderDatabaseAndKeepsItsData() throws SQLException {
        ListedMigrations all = ListedMigrations.bundled();
        assertEquals(1, new SchemaMigrator(database, all.first(1)).migrate());
        execute(database, "INSERT INTO app_setting (name, setting_value) VALUES ('kept', 'from version 1')");

        assertEquals(newest, new SchemaMigrator(database, all).migrate());

        assertEquals(newest, count(database, APPLIED));
        assertEquals(1, count(database, "SELECT COUNT(*) FROM app_setting WHERE name = 'kept' AND setting_value = 'from version 1'"));
    }

    @Test
    void migratingTwiceChangesNothing() throws SQLException {
        SchemaMigrator.bundled(database).migrate();
        int rows = count(database, "SELECT COUNT(*) FROM " + HISTORY);
        assertEquals(newest, SchemaMigrator.bundled(database).migrate());
        assertEquals(rows, count(database, "SELECT COUNT(*) FROM " + HISTORY));
        assertEquals(newest, count(database, APPLIED));
    }

    @Test
    void refusesADatabaseNewerThanTheBuild() throws SQLException {
        SchemaMigrator.bundled(database).migrate();
        execute(database, "INSERT INTO " + HISTORY + " (\"installed_rank\", \"version\", \"description\", \"type\","
                + " \"script\", \"checksum\", \"installed_by\", \"execution_time\", \"success\")"
                + " VALUES (9999, '9999', 'from a newer build', 'SQL', 'V9999__from_a_newer_build.sql', 0, 'docex', 0, TRUE)");
        FlywayException refused = assertThrows(FlywayException.class, () -> SchemaMigrator.bundled(database).migrate());
        assertTrue(refused.getMessage().contains("9999"), refused.getMessage());
    }

    @Test
    void aFailingMigrationIsNotRecordedAsApplied() throws SQLException {
        ListedMigrations broken = new ListedMigrations(getClass().getClassLoader(), "db/broken/", List.of("V1__half_done.sql"));
        assertThrows(FlywayException.class, () -> new SchemaMigrator(database, broken).migrate());
        assertEquals(0, count(database, APPLIED));
    }

    @Test
    void aDatabaseOfTheFormerMigratorIsTakenOverAtItsVersion(@TempDir Path dir) throws Exception {
        JdbcDataSource file = new JdbcDataSource();
        file.setURL("jdbc:h2:file:" + dir.resolve("docex"));
        FormerMigrator.migrateTo(file, 9);
        execute(file, "INSERT INTO app_setting (name, setting_value) VALUES ('kept', 'from version 9')");

        assertEquals(newest, SchemaMigrator.bundled(file).migrate());
        assertEquals(newest, SchemaMigrator.bundled(file).migrate(), "a second start finds nothing to do");

        assertEquals(9, count(file, "SELECT MAX(\"version\") FROM " + HISTORY + " WHERE \"type\" = 'BASELINE'"));
        assertEquals(versionsFrom(10), versions(file, APPLIED_VERSIONS));
        assertEquals(1, count(file, "SELECT COUNT(*) FROM app_setting WHERE name = 'kept'"));
        assertEquals(9, count(file, "SELECT MAX(version) FROM schema_version"), "the former table is left as it was");
    }

    @Test
    void aDatabaseWhereTheFormerMigratorAppliedNothingGetsEveryMigration() throws Exception {
        FormerMigrator.migrateTo(database, 0);
        assertEquals(newest, SchemaMigrator.bundled(database).migrate());
        assertEquals(versionsFrom(1), versions(database, APPLIED_VERSIONS));
    }

    @Test
    void aDatabaseOfTheFormerMigratorNewerThanTheBuildRefusesToStart() throws Exception {
        FormerMigrator.migrateTo(database, newest);
        execute(database, "INSERT INTO schema_version (version, description, applied_at) VALUES (9999, 'future', CURRENT_TIMESTAMP)");
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> SchemaMigrator.bundled(database).migrate());
        assertTrue(refused.getMessage().contains("9999"), refused.getMessage());
    }

    @Test
    void everyMigrationFileIsListedInOrder() throws Exception {
        try (Stream<Path> files = Files.list(Path.of("src/main/resources/db/migration"))) {
            List<String> onDisk = files.map(p -> p.getFileName().toString()).filter(name -> name.endsWith(".sql")).sorted().toList();
            List<String> listed = ListedMigrations.bundled().fileNames();
            assertEquals(onDisk, listed.stream().sorted().toList(), "every .sql file must be in migrations.txt");
            assertEquals(IntStream.rangeClosed(1, listed.size()).boxed().toList(), ListedMigrations.bundled().versions(),
                    "versions are 1, 2, 3, ...");
        }
    }

    @Test
    void twoNodesMigratingOnePostgresqlDatabaseAtOnceApplyEachMigrationOnce() throws Exception {
        try (ScratchPostgres postgres = ScratchPostgres.create()) {
            assertEquals(List.of(newest, newest), startTogether(postgres.dataSource, 2));
            assertEquals(versionsFrom(1), versions(postgres.dataSource, APPLIED_VERSIONS));
        }
    }

    @Test
    void twoNodesTakingOverAPostgresqlDatabaseOfTheFormerMigratorAtOnceBaselineItOnce() throws Exception {
        try (ScratchPostgres postgres = ScratchPostgres.create()) {
            FormerMigrator.migrateTo(postgres.dataSource, 9);
            assertEquals(List.of(newest, newest), startTogether(postgres.dataSource, 2));
            assertEquals(1, count(postgres.dataSource, "SELECT COUNT(*) FROM " + HISTORY + " WHERE \"type\" = 'BASELINE'"));
            assertEquals(versionsFrom(10), versions(postgres.dataSource, APPLIED_VERSIONS));
        }
    }

    /** Migrates from {@code nodes} threads released at the same moment; answers each one's version. */
    private static List<Integer> startTogether(DataSource database, int nodes) throws Exception {
        CyclicBarrier start = new CyclicBarrier(nodes);
        Callable<Integer> node = () -> {
            start.await(10, TimeUnit.SECONDS);
            return SchemaMigrator.bundled(database).migrate();
        };
        ExecutorService threads = Executors.newFixedThreadPool(nodes);
        try {
            List<Integer> versions = new ArrayList<>();
            for (Future<Integer> ended : threads.invokeAll(Collections.nCopies(nodes, node), 120, TimeUnit.SECONDS)) {
                versions.add(ended.get());
            }
            return versions;
        } finally {
            threads.shutdownNow();
        }
    }

    private List<Integer> versionsFrom(int first) {
        return IntStream.rangeClosed(first, newest).boxed().toList();
    }

    private static List<Integer> versions(DataSource database, String sql) throws SQLException {
        List<Integer> versions = new ArrayList<>();
        try (Connection c = database.getConnection(); Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            while (r.next()) {
                versions.add(Integer.parseInt(r.getString(1)));
            }
        }
        return versions.stream().sorted().toList();
    }

    private static int count(DataSource database, String sql) throws SQLException {
        try (Connection c = database.getConnection(); Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getInt(1);
        }
    }

    private static void execute(DataSource database, String sql) throws SQLException {
        try (Connection c = database.getConnection(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static JdbcDataSource inMemory() {
        JdbcDataSource source = new JdbcDataSource();
        source.setURL("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        return source;
    }
}
