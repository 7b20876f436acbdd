package org.docex.persistence;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
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
 */
@ApplicationScoped
public class ReadOnlySql {

    @Resource(lookup = DocexApplication.DATA_SOURCE)
    DataSource dataSource;

    /** Turns the current row into a value. */
    @FunctionalInterface
    public interface RowReader<T> {
        T read(ResultSet row) throws SQLException;
    }

    /** The rows the statement finds, at most {@code limit} of them. */
    public <T> List<T> list(String sql, RowReader<T> reader, int limit, Object... parameters) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setMaxRows(limit);
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            List<T> rows = new ArrayList<>();
            try (ResultSet result = statement.executeQuery()) {
                while (result.next()) {
                    rows.add(reader.read(result));
                }
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException("Read failed: " + e.getMessage(), e);
        }
    }

    /** The first row the statement finds. */
    public <T> Optional<T> first(String sql, RowReader<T> reader, Object... parameters) {
        return list(sql, reader, 1, parameters).stream().findFirst();
    }

    public static UUID uuid(ResultSet row, String column) throws SQLException {
        Object value = row.getObject(column);
        return value == null ? null : value instanceof UUID id ? id : UUID.fromString(value.toString());
    }

    public static Instant instant(ResultSet row, String column) throws SQLException {
        OffsetDateTime value = row.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }
}
