package org.docex.health;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.UUID;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

class DatabaseReadinessTest {

    @Test
    void upWhileTheDatabaseAnswers() {
        JdbcDataSource database = new JdbcDataSource();
        database.setURL("jdbc:h2:mem:" + UUID.randomUUID());
        assertTrue(readinessOf(database).answers());
    }

    @Test
    void downWhenNoConnectionCanBeHad() {
        DataSource unreachable = (DataSource) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {DataSource.class}, (proxy, method, args) -> {
                    throw new SQLException("Connection refused");
                });
        assertFalse(readinessOf(unreachable).answers());
    }

    private static DatabaseReadiness readinessOf(DataSource dataSource) {
        DatabaseReadiness readiness = new DatabaseReadiness();
        readiness.dataSource = dataSource;
        return readiness;
    }
}
