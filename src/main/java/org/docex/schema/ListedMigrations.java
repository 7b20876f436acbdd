package org.docex.schema;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.flywaydb.core.api.ResourceProvider;
import org.flywaydb.core.api.resource.LoadableResource;

/**
 * The migrations a build ships, {@code db/migration/V<n>__<name>.sql}, found through the index
 * {@code db/migration/migrations.txt} and read through the class loader, for Flyway.
 *
 * <p>Why an index and not Flyway's classpath scanner: Open Liberty's application class loader is an
 * IBM one (its {@code AppClassLoader}) serving the WAR's classes from
 * {@code wsjar:} URLs. For a class loader whose class name starts with {@code com.ibm}, Flyway's
 * {@code ClassPathScanner} (13.x) does not look the location up at all: it finds it only through a
 * marker file {@code <location>/flyway.location} (a WebSphere workaround), and without one finds no
 * migration, logs an error and migrates nothing. Seen on Open Liberty 25.0.0.10 for Flyway's own
 * lookup of {@code db/callback}: "Unable to resolve location classpath:db/callback (ClassLoader:
 * ...AppClassLoader@...) On WebSphere an empty file named
 * flyway.location must be present" (hence {@code db/callback/flyway.location}); flyway/flyway#3809
 * is an open report of Flyway missing its migrations on Liberty. Reading named files through
 * {@link ClassLoader#getResourceAsStream} needs no directory listing and works alike on Payara Micro,
 * Open Liberty and in plain tests.
 */
public final class ListedMigrations implements ResourceProvider {

    private static final String LOCATION = "db/migration/";
    private static final Pattern NAME = Pattern.compile("V(\\d+)__[A-Za-z0-9_]+\\.sql");

    private final ClassLoader loader;
    private final String location;
    private final List<String> fileNames;

    ListedMigrations(ClassLoader loader, String location, List<String> fileNames) {
        this.loader = loader;
        this.location = location;
        this.fileNames = List.copyOf(fileNames);
        for (String fileName : fileNames) {
            version(fileName);
            if (loader.getResource(location + fileName) == null) {
                throw new IllegalStateException("Migration listed but missing: " + location + fileName);
            }
        }
    }

    /** The migrations of this build, in the order {@code migrations.txt} lists them. */
    public static ListedMigrations bundled() {
        ClassLoader loader = ListedMigrations.class.getClassLoader();
        try (InputStream index = loader.getResourceAsStream(LOCATION + "migrations.txt")) {
            if (index == null) {
                throw new IllegalStateException("No " + LOCATION + "migrations.txt on the class path");
            }
            List<String> listed = new BufferedReader(new InputStreamReader(index, StandardCharsets.UTF_8)).lines()
                    .map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .toList();
            return new ListedMigrations(loader, LOCATION, listed);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first {@code count} of these, as an older build shipped them. */
    ListedMigrations first(int count) {
        return new ListedMigrations(loader, location, fileNames.subList(0, count));
    }

    List<String> fileNames() {
        return fileNames;
    }

    List<Integer> versions() {
        return fileNames.stream().map(ListedMigrations::version).toList();
    }

    int newestVersion() {
        return versions().stream().max(Integer::compare).orElse(0);
    }

    @Override
    public LoadableResource getResource(String name) {
        return fileNames.contains(name) ? new Listed(name) : null;
    }

    @Override
    public Collection<LoadableResource> getResources(String prefix, String[] suffixes) {
        return fileNames.stream()
                .filter(name -> name.startsWith(prefix) && Arrays.stream(suffixes).anyMatch(name::endsWith))
                .<LoadableResource>map(Listed::new)
                .toList();
    }

    private static int version(String fileName) {
        Matcher name = NAME.matcher(fileName);
        if (!name.matches()) {
            throw new IllegalStateException("Migration file name not of the form V<n>__<name>.sql: " + fileName);
        }
        return Integer.parseInt(name.group(1));
    }

    /** One listed file; Flyway reads it once for its checksum and again to run it. */
    private final class Listed extends LoadableResource {

        private final String fileName;

        Listed(String fileName) {
            this.fileName = fileName;
        }

        @Override
        public Reader read() {
            InputStream in = loader.getResourceAsStream(getAbsolutePath());
            if (in == null) {
                throw new IllegalStateException("Migration listed but missing: " + getAbsolutePath());
            }
            return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        }

        @Override
        public String getAbsolutePath() {
            return location + fileName;
        }

        @Override
        public String getAbsolutePathOnDisk() {
            return getAbsolutePath();
        }

        @Override
        public String getFilename() {
            return fileName;
        }

        @Override
        public String getRelativePath() {
            return fileName;
        }
    }
}
