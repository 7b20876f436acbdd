package org.docex.testing;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.ByteArrayAsset;
import org.jboss.shrinkwrap.api.importer.ZipImporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The built WAR as the black-box test classes with a deployment of their own deploy it (the others share
 * their group's server, see {@link SharedServer}). Each passes a name: it gets an
 * empty data directory of its own, and may pass settings that differ from the defaults (written into
 * the WAR's microprofile-config.properties, as an operator's environment variables would be).
 * Named ROOT.war so that Payara Micro serves it at {@code /}, as the README's run command does.
 */
public final class DocexDeployment {

    private static final String CONFIG = "WEB-INF/classes/META-INF/microprofile-config.properties";

    private DocexDeployment() {
    }

    public static WebArchive war(String name) {
        return war(name, Map.of());
    }

    public static WebArchive war(String name, Map<String, String> settings) {
        deleteRecursively(dataDir(name));
        WebArchive war = ShrinkWrap.create(ZipImporter.class, "ROOT.war")
                .importFrom(builtWar())
                .as(WebArchive.class);
        Properties config = readConfig(war);
        config.setProperty("docex.data-dir", dataDir(name).toString());
        settings.forEach(config::setProperty);
        war.delete(CONFIG);
        war.add(new ByteArrayAsset(write(config)), CONFIG);
        return war;
    }

    /**
     * Deletes {@code directory} with everything in it, if it exists: each deployment starts on an
     * empty data directory, whatever an earlier run left there.
     */
    public static void deleteRecursively(Path directory) {
        if (!java.nio.file.Files.exists(directory)) {
            return;
        }
        try (java.util.stream.Stream<Path> tree = java.nio.file.Files.walk(directory)) {
            for (Path path : tree.sorted(java.util.Comparator.reverseOrder()).toList()) {
                java.nio.file.Files.delete(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A new, empty data directory named {@code prefix} and a unique suffix, for a server a test starts itself. */
    public static Path freshDataDir(String prefix) {
        try {
            return java.nio.file.Files.createDirectories(dataDir(prefix + "-" + System.nanoTime()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The deployment's data directory, or the running server's when the tests call one (see BlackBoxTest). */
    public static Path dataDir(String name) {
        String runningServer = System.getProperty("docex.it.server-data-dir");
        if (runningServer != null) {
            return Path.of(runningServer).toAbsolutePath();
        }
        return Path.of(System.getProperty("it.data.dir", "target/it-data")).toAbsolutePath().resolve(name);
    }

    public static File builtWar() {
        File war = new File(System.getProperty("docex.war", "target/docex.war"));
        if (!war.isFile()) {
            throw new IllegalStateException("Build the WAR first (mvn package): " + war.getAbsolutePath());
        }
        return war;
    }

    private static Properties readConfig(WebArchive war) {
        Properties config = new Properties();
        try (InputStream in = war.get(CONFIG).getAsset().openStream()) {
            config.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return config;
    }

    private static byte[] write(Properties config) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            config.store(new java.io.OutputStreamWriter(out, StandardCharsets.ISO_8859_1), "docex test deployment");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
