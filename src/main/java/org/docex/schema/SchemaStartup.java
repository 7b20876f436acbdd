package org.docex.schema;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.docex.DocexApplication;

/**
 * Migrates the schema when the application starts, then announces {@link SchemaReady} so that
 * start-up work needing the tables (bootstrap admin, signing key, recovery) runs after it.
 */
@ApplicationScoped
public class SchemaStartup {

    private static final Logger LOG = Logger.getLogger(SchemaStartup.class.getName());

    @Resource(lookup = DocexApplication.DATA_SOURCE)
    DataSource dataSource;

    @Inject
    Event<SchemaReady> ready;

    void onStart(@Observes @Initialized(ApplicationScoped.class) Object context) {
        int version = migrate();
        LOG.info(() -> "Database schema at version " + version);
        ready.fire(new SchemaReady(version));
    }

    // Thrown from here the failure ends the deployment: nothing may run on a schema it does not know.
    private int migrate() {
        try {
            return SchemaMigrator.bundled(dataSource).migrate();
        } catch (SQLException | RuntimeException e) {
            throw new IllegalStateException("The database schema could not be migrated, docex does not start: "
                    + e.getMessage(), e);
        }
    }
}
