package org.docex.persistence;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;
import org.docex.DocexApplication;

/**
 * Plain JDBC for the reads every request makes (the token's session, one document): no
 * persistence context, no transaction, no entity copies. On a pooled connection in auto-commit,
 * a primary-key lookup this way costs a fraction of the same read through JPA inside a JTA
 * transaction. Everything that writes, and every read that must see a consistent set of rows,
 * stays with JPA.
 *
 * <p>The connection is unshareable, so closing it gives it back to the pool at once. A shareable
 * one stays with the request until the request ends on servers that group a request's work outside
 * transactions into a local transaction (Open Liberty): the session check runs before a request's
 * body is read, so each client sending a body slowly held a pooled connection, and 32 of them left
 * none for anyone else's sign-in check (J2CA0045E, answered 403 after a 30 s wait). Callers are
 * never inside a transaction (the session check, one document's view).
 */
@ApplicationScoped
public class ReadOnlySql {

    @Resource(lookup = DocexApplication.DATA_SOURCE, shareable = false)
    DataSource dataSource;

    /** Turns the current row into a value. */
    @FunctionalInterface
    public interface RowReader<T> {
        T read(ResultSet row) throws SQLException;
    }

    /** The first row the statement finds, turned into a value. */
    public <T> Optional<T> first(String sql, RowReader<T> reader, Object... parameters) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setMaxRows(1);
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet result = statement.executeQuery()) {
                return result.next() ? Optional.of(reader.read(result)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Read failed: " + e.getMessage(), e);
        }
    }

    public static UUID uuid(ResultSet row, String column) throws SQLException {
        return uuid(row.getObject(column));
    }

    /** A UUID column as the driver returns it: a UUID (PostgreSQL, H2) or its text. */
    public static UUID uuid(Object value) {
        return value == null ? null : value instanceof UUID id ? id : UUID.fromString(value.toString());
    }

    public static Instant instant(ResultSet row, String column) throws SQLException {
        OffsetDateTime value = row.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }
}
