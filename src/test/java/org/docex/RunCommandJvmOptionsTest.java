package org.docex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.docex.build.RunCommand;
import org.docex.testing.ServerProcess;
import org.junit.jupiter.api.Test;

/**
 * The README's run commands give the JVM its options through the argument file
 * {@code payara-config/jvm.options}, and a JVM that reads it runs with the heap and the
 * collector's marking threshold the README and the benchmark figures speak of.
 */
class RunCommandJvmOptionsTest {

    private static final String JAVA_WITH_OPTIONS = "java @payara-config/jvm.options @target/aot.options @payara-config/payara-micro.args";

    @Test
    void theArgumentFileSetsTheHeapAndAFixedMarkingThreshold() throws Exception {
        Map<String, String> flags = finalFlags(ServerProcess.JVM_OPTIONS);

        assertEquals(String.valueOf(1024L * 1024 * 1024), flags.get("MaxHeapSize"));
        assertEquals("true", flags.get("UseG1GC"));
        assertEquals("false", flags.get("G1UseAdaptiveIHOP"));
        assertEquals("45", flags.get("InitiatingHeapOccupancyPercent"));
    }

    @Test
    void everyPayaraRunCommandOfTheReadmeReadsIt() throws IOException {
        List<String> runCommands = Files.readAllLines(Path.of("README.md")).stream()
                .filter(line -> line.contains("@payara-config/payara-micro.args --port") && !line.startsWith("`"))
                .toList();

        assertEquals(2, runCommands.size(), runCommands.toString());
        runCommands.forEach(command -> assertTrue(command.contains(JAVA_WITH_OPTIONS), command));
    }

    @Test
    void theLauncherArgumentFileStartsTheBuiltLauncherWithTheWarAndTheServersCommandFiles() throws IOException {
        List<String> arguments = RunCommand.launcherArguments();

        assertEquals(List.of("-jar", "target/payara-micro.jar", "--deploy", "target/docex.war", "--contextroot", "/",
                "--nohazelcast"), arguments.subList(0, 7));
        List<String> commandFiles = arguments.subList(7, arguments.size());
        assertEquals(List.of("--prebootcommandfile", "--postbootcommandfile", "--postdeploycommandfile"),
                List.of(commandFiles.get(0), commandFiles.get(2), commandFiles.get(4)));
        for (int i = 1; i < commandFiles.size(); i += 2) {
            assertTrue(Files.isRegularFile(Path.of(commandFiles.get(i))), commandFiles.get(i));
        }
    }

    /** The JVM's final flag values, as {@code -XX:+PrintFlagsFinal} reports them ({@code type name = value ...}). */
    private static Map<String, String> finalFlags(List<String> options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(options);
        command.addAll(List.of("-XX:+PrintFlagsFinal", "-version"));
        Process java = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(java.waitFor(30, TimeUnit.SECONDS), output);
        assertEquals(0, java.exitValue(), output);
        Map<String, String> flags = new HashMap<>();
        for (String line : output.split("\n")) {
            String[] parts = line.trim().split("\\s+");
            if (parts.length >= 4 && parts[2].equals("=")) {
                flags.put(parts[1], parts[3]);
            }
        }
        return flags;
    }
}
