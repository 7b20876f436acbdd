package org.docex.persistence;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The database docex runs on, chosen by configuration when the server first asks for a
 * connection: {@code DB_CLASS} (a JDBC driver's {@link DataSource} class, H2's by default),
 * {@code DB_URL} (by default an H2 file database under {@code DOCEX_DATA_DIR}), {@code DB_USER}
 * and {@code DB_PASSWORD}.
 *
 * <p>{@code @DataSourceDefinition} has no portable way to read its attributes from the
 * environment, so the definition names this class and the server pools and enlists what it
 * hands out, as it would for a driver's own data source. Nothing here is specific to a server. Each
 * connection handed out replaces itself between transactions once the database has dropped it
 * ({@link RenewingConnection}), so the pool recovers from a database restart on any server.
 */
public class ConfiguredDataSource implements DataSource {

    static final String DEFAULT_CLASS = "org.h2.jdbcx.JdbcDataSource";

    private volatile DataSource target;
    private PrintWriter logWriter;
    private int loginTimeout;

    @Override
    public Connection getConnection() throws SQLException {
        DataSource driver = target();
        return RenewingConnection.open(driver::getConnection);
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
        DataSource driver = target();
        return RenewingConnection.open(() -> driver.getConnection(user, password));
    }

    private DataSource target() throws SQLException {
        DataSource current = target;
        if (current == null) {
            synchronized (this) {
                if (target == null) {
                    // The configuration of the application that holds this class, whichever thread
                    // the pool creates connections on (some run without a context class loader).
                    target = create(ConfigProvider.getConfig(ConfiguredDataSource.class.getClassLoader()));
                }
                current = target;
            }
        }
        return current;
    }

    static DataSource create(Config config) throws SQLException {
        String className = config.getOptionalValue("DB_CLASS", String.class).orElse(DEFAULT_CLASS);
        String url = config.getOptionalValue("DB_URL", String.class).orElseGet(() -> embeddedUrl(config));
        DataSource dataSource = instantiate(className);
        set(dataSource, url, "setURL", "setUrl");
        set(dataSource, config.getOptionalValue("DB_USER", String.class).orElse("docex"), "setUser");
        set(dataSource, config.getOptionalValue("DB_PASSWORD", String.class).orElse("docex"), "setPassword");
        return dataSource;
    }

    /**
     * The H2 file database under the data directory, named by its absolute path: H2 refuses a path
     * that is implicitly relative ({@code DOCEX_DATA_DIR=data}), and the files beside it resolve
     * against the working directory too.
     */
    static String embeddedUrl(Config config) {
        String dataDir = config.getOptionalValue("docex.data-dir", String.class).orElse("./data");
        return "jdbc:h2:file:" + Path.of(dataDir, "db", "docex").toAbsolutePath().normalize();
    }

    private static DataSource instantiate(String className) throws SQLException {
        try {
            Object instance = Class.forName(className, true, ConfiguredDataSource.class.getClassLoader())
                    .getConstructor().newInstance();
            if (instance instanceof DataSource dataSource) {
                return dataSource;
            }
            throw new SQLException("DB_CLASS " + className + " is not a javax.sql.DataSource");
        } catch (ReflectiveOperationException e) {
            throw new SQLException("DB_CLASS " + className + " cannot be loaded: is its JDBC driver installed?", e);
        }
    }

    /** Sets a string property through the first of the setters the driver's class has. */
    private static void set(DataSource dataSource, String value, String... setters) throws SQLException {
        for (String name : setters) {
            Method setter;
            try {
                setter = dataSource.getClass().getMethod(name, String.class);
            } catch (NoSuchMethodException e) {
                continue;
            }
            try {
                setter.invoke(dataSource, value);
                return;
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new SQLException("Cannot configure " + dataSource.getClass().getName() + " with " + name, e);
            }
        }
        throw new SQLException(dataSource.getClass().getName() + " has none of " + String.join(", ", setters));
    }

    /**
     * Accepted and ignored: some servers pass {@code @DataSourceDefinition}'s default server name
     * ("localhost") to every data source; {@code DB_URL} names the database.
     */
    public void setServerName(String ignored) {
        // the database is the one DB_URL names
    }

    @Override
    public PrintWriter getLogWriter() {
        return logWriter;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        logWriter = out;
    }

    @Override
    public void setLoginTimeout(int seconds) {
        loginTimeout = seconds;
    }

    @Override
    public int getLoginTimeout() {
        return loginTimeout;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        return target().unwrap(type);
    }

    @Override
    public boolean isWrapperFor(Class<?> type) throws SQLException {
        return type.isInstance(this) || target().isWrapperFor(type);
    }
}
