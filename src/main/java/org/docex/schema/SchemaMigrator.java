package org.docex.schema;

import java.sql.SQLException;
import java.util.List;
import java.util.OptionalInt;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.flywaydb.core.api.output.MigrateResult;
import org.flywaydb.core.api.pattern.ValidatePattern;

/**
 * Brings the database up to the newest schema with Flyway: applies, in order, each listed migration
 * that Flyway's history table ({@code flyway_schema_history}) does not record yet.
 *
 * <p>Flyway applies each migration under a lock (an advisory lock on PostgreSQL) and reads its history
 * again once it holds it, so when two nodes start on one database at once neither applies what the
 * other did. A database newer than this build (a migration applied that this build does not ship)
 * refuses to start.
 */
public class SchemaMigrator {

    private static final Logger LOG = Logger.getLogger(SchemaMigrator.class.getName());

    private final DataSource dataSource;
    private final ListedMigrations migrations;

    public SchemaMigrator(DataSource dataSource, ListedMigrations migrations) {
        this.dataSource = dataSource;
        this.migrations = migrations;
    }

    public static SchemaMigrator bundled(DataSource dataSource) {
        return new SchemaMigrator(dataSource, ListedMigrations.bundled());
    }

    /** Applies what is missing and answers the schema version the database is at afterwards. */
    public int migrate() throws SQLException {
        OptionalInt former = FormerSchemaVersion.read(dataSource);
        if (former.isPresent() && former.getAsInt() > migrations.newestVersion()) {
            throw new IllegalStateException("The database schema is at version " + former.getAsInt()
                    + " but this build knows versions up to " + migrations.newestVersion() + ": refusing to start");
        }
        Flyway flyway = configuration(former).load();
        MigrateResult result = flyway.migrate();
        result.migrations.forEach(applied -> LOG.info(
                () -> "Applied schema migration " + applied.version + " (" + applied.description + ")"));
        MigrationVersion current = flyway.info().current().getVersion();
        return Integer.parseInt(current.getVersion());
    }

    private FluentConfiguration configuration(OptionalInt former) {
        FluentConfiguration configuration = Flyway.configure(SchemaMigrator.class.getClassLoader())
                .dataSource(dataSource)
                // Both set, so Flyway does not scan for migrations (see ListedMigrations); no Java migrations.
                .resourceProvider(migrations)
                .javaMigrationClassProvider(List::of)
                // Flyway ignores by default an applied version this build does not know ("*:future");
                // with nothing ignored, validation fails and the start is refused.
                .ignoreMigrationPatterns(new ValidatePattern[0]);
        if (former.isPresent()) {
            configuration.baselineOnMigrate(true)
                    .baselineVersion(MigrationVersion.fromVersion(Integer.toString(former.getAsInt())))
                    .baselineDescription("applied before Flyway, as recorded in " + FormerSchemaVersion.TABLE);
        }
        return configuration;
    }
}
