package org.docex.portability;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What goes into the WAR names no server: the same file runs on Payara Micro, Open Liberty or any
 * other Jakarta EE 10 server. Per-server settings live outside it ({@code payara-config/},
 * {@code src/main/liberty/}).
 */
class ServerNeutralWarTest {

    private static final List<Path> WAR_SOURCES = List.of(
            Path.of("src/main/java"), Path.of("src/main/resources"), Path.of("src/main/webapp"));

    /** Server APIs, placeholder syntaxes and implementation packages that only one server knows. */
    private static final List<String> SERVER_CONSTRUCTS = List.of(
            "fish.payara", "MPCONFIG=", "${ENV=", "${ALIAS=", "${env.", "com.sun.enterprise", "org.glassfish",
            "com.ibm.", "io.openliberty", "org.jboss.resteasy", "org.apache.cxf", "weblogic", "org.wildfly");

    /** Deployment descriptors read by one server only. */
    private static final Set<String> SERVER_DESCRIPTORS = Set.of(
            "payara-web.xml", "glassfish-web.xml", "glassfish-resources.xml", "payara-resources.xml", "sun-web.xml",
            "ibm-web-bnd.xml", "ibm-web-ext.xml", "ibm-web-bnd.xmi", "jboss-web.xml", "jboss-deployment-structure.xml",
            "weblogic.xml");

    @Test
    void nothingThatGoesIntoTheWarNamesAServer() {
        List<String> found = new ArrayList<>();
        for (Path root : WAR_SOURCES) {
            for (Path file : files(root)) {
                if (SERVER_DESCRIPTORS.contains(file.getFileName().toString().toLowerCase(Locale.ROOT))) {
                    found.add(file + ": a descriptor only one server reads");
                    continue;
                }
                String text = read(file);
                for (String construct : SERVER_CONSTRUCTS) {
                    if (text.contains(construct)) {
                        found.add(file + ": " + construct);
                    }
                }
            }
        }
        assertEquals(List.of(), found);
    }

    @Test
    void theCheckSeesTheSources() {
        assertEquals(true, files(Path.of("src/main/java")).stream()
                .anyMatch(file -> file.endsWith(Path.of("org/docex/DocexApplication.java"))));
    }

    private static List<Path> files(Path root) {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> tree = Files.walk(root)) {
            return tree.filter(Files::isRegularFile).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        return new String(readBytes(file), StandardCharsets.ISO_8859_1);
    }

    private static byte[] readBytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
