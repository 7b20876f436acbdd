package org.docex.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The browser's ES modules, read as text: what they import exists, and no module needs itself. */
class WorkspaceModulesTest {

    private static final Path APP = Path.of("src", "main", "webapp", "app");
    private static final Pattern IMPORT = Pattern.compile(
            "import\\s+(?:\\{([^}]*)\\}|\\*\\s+as\\s+\\w+)\\s+from\\s+'\\./([\\w-]+\\.js)'");
    private static final Map<String, String> SOURCES = new TreeMap<>();

    @BeforeAll
    static void read() throws IOException {
        try (Stream<Path> files = Files.list(APP)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".js")).toList()) {
                SOURCES.put(file.getFileName().toString(), Files.readString(file));
            }
        }
        assertTrue(SOURCES.containsKey("main.js"), "the modules are read from " + APP.toAbsolutePath());
    }

    @Test
    void everyImportNamesAnExportOfAModuleThatExists() {
        List<String> broken = new ArrayList<>();
        SOURCES.forEach((module, source) -> {
            Matcher m = IMPORT.matcher(source);
            while (m.find()) {
                String target = SOURCES.get(m.group(2));
                if (target == null) {
                    broken.add(module + " imports the missing " + m.group(2));
                    continue;
                }
                for (String name : m.group(1) == null ? new String[0] : m.group(1).split(",")) {
                    Pattern export = Pattern.compile("export\\s+(?:async\\s+)?(?:function|const|let|class)\\s+"
                            + Pattern.quote(name.strip()) + "\\b");
                    if (!name.isBlank() && !export.matcher(target).find()) {
                        broken.add(module + " imports " + name.strip() + ", which " + m.group(2) + " does not export");
                    }
                }
            }
        });
        assertEquals(List.of(), broken);
    }

    @Test
    void noModuleImportsItselfThroughOthers() {
        Map<String, List<String>> imports = new TreeMap<>();
        SOURCES.forEach((module, source) -> {
            List<String> targets = new ArrayList<>();
            IMPORT.matcher(source).results().forEach(m -> targets.add(m.group(2)));
            imports.put(module, targets);
        });
        for (String start : imports.keySet()) {
            List<String> cycle = cycleFrom(start, imports, new ArrayList<>(), new HashSet<>());
            assertTrue(cycle.isEmpty(), "import cycle: " + String.join(" -> ", cycle));
        }
    }

    @Test
    void onlyTheApiClientTalksToTheServer() {
        SOURCES.forEach((module, source) -> {
            if (!module.equals("api.js")) {
                assertFalse(source.contains("fetch(") || source.contains("XMLHttpRequest"), module + " calls the server itself");
            }
        });
    }

    private static List<String> cycleFrom(String module, Map<String, List<String>> imports, List<String> path,
            Set<String> done) {
        if (path.contains(module)) {
            List<String> cycle = new ArrayList<>(path.subList(path.indexOf(module), path.size()));
            cycle.add(module);
            return cycle;
        }
        if (!done.add(module)) {
            return List.of();
        }
        path.add(module);
        for (String target : imports.getOrDefault(module, List.of())) {
            List<String> cycle = cycleFrom(target, imports, path, done);
            if (!cycle.isEmpty()) {
                return cycle;
            }
        }
        path.remove(path.size() - 1);
        return List.of();
    }
}
