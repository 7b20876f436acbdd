package org.docex.health;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.docex.DocexApplication;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready only while the database answers a query within a few seconds. */
@Readiness
@ApplicationScoped
public class DatabaseReadiness implements HealthCheck {

    private static final Logger LOG = Logger.getLogger(DatabaseReadiness.class.getName());
    private static final int QUERY_TIMEOUT_SECONDS = 3;

    @Resource(lookup = DocexApplication.DATA_SOURCE)
    DataSource dataSource;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("database").status(answers()).build();
    }

    boolean answers() {
        try (Connection connection = dataSource.getConnection();
             Statement statement = connection.createStatement()) {
            statement.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            return statement.executeQuery("SELECT 1").next();
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "Database readiness check failed: {0}", e.getMessage());
            return false;
        }
    }
}
