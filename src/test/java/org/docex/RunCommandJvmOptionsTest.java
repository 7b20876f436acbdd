package org.docex;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.docex.testing.ServerProcess;
import org.junit.jupiter.api.Test;

/**
 * The README's run command gives the JVM its options through the argument file
 * {@code payara-config/jvm.options}: the JVM that reads it runs with the heap and the collector's
 * marking threshold the README and the benchmark figures speak of.
 */
class RunCommandJvmOptionsTest {

    @Test
    void theArgumentFileSetsTheHeapAndAFixedMarkingThreshold() throws Exception {
        Map<String, String> flags = finalFlags(ServerProcess.RUN_COMMAND_JVM_OPTIONS);

        assertEquals(Map.of("MaxHeapSize", String.valueOf(1024L * 1024 * 1024), "G1UseAdaptiveIHOP", "false",
                "InitiatingHeapOccupancyPercent", "45", "UseG1GC", "true"), flags);
    }

    @Test
    void withoutItTheJvmChoosesOtherwise() throws Exception {
        Map<String, String> flags = finalFlags(List.of());

        assertEquals("true", flags.get("G1UseAdaptiveIHOP"));
    }

    /** The JVM's final values of the flags the argument file is about, as {@code -XX:+PrintFlagsFinal} reports them. */
    private static Map<String, String> finalFlags(List<String> options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(options);
        command.addAll(List.of("-XX:+PrintFlagsFinal", "-version"));
        Process java = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        java.waitFor(30, TimeUnit.SECONDS);
        assertEquals(0, java.exitValue(), output);
        Map<String, String> flags = new TreeMap<>();
        for (String line : output.split("\n")) {
            String[] parts = line.trim().split("\\s+");
            if (parts.length >= 4 && parts[2].equals("=") && List.of("MaxHeapSize", "G1UseAdaptiveIHOP",
                    "InitiatingHeapOccupancyPercent", "UseG1GC").contains(parts[1])) {
                flags.put(parts[1], parts[3]);
            }
        }
        return flags;
    }
}
