package org.docex.schema;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One versioned schema change: {@code db/migration/V<n>__<description>.sql}, a list of
 * portable SQL statements (H2 and PostgreSQL) each ending with a semicolon at the end of a line.
 */
public record Migration(int version, String description, List<String> statements) {

    private static final Pattern NAME = Pattern.compile("V(\\d+)__([A-Za-z0-9_]+)\\.sql");

    static Migration load(String fileName, ClassLoader loader) {
        Matcher name = NAME.matcher(fileName);
        if (!name.matches()) {
            throw new IllegalStateException("Migration file name not of the form V<n>__<name>.sql: " + fileName);
        }
        try (InputStream in = loader.getResourceAsStream(SchemaMigrator.LOCATION + fileName)) {
            if (in == null) {
                throw new IllegalStateException("Migration listed but missing: " + fileName);
            }
            String sql = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new Migration(Integer.parseInt(name.group(1)), name.group(2).replace('_', ' '), split(sql));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> split(String sql) {
        String withoutComments = sql.lines()
                .filter(line -> !line.strip().startsWith("--"))
                .reduce("", (a, b) -> a + b + "\n");
        return Arrays.stream(withoutComments.split(";\\s*\n"))
                .map(String::strip)
                .map(statement -> statement.endsWith(";") ? statement.substring(0, statement.length() - 1) : statement)
                .filter(statement -> !statement.isEmpty())
                .toList();
    }
}
