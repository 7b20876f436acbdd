package org.docex.build;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The README's run command ({@code java @payara-config/jvm.options @target/aot.options
 * @payara-config/payara-micro.args --port 8080}) as a process's command line: the options come from
 * those argument files, read by the java launcher as the README's command has it read them.
 */
public final class RunCommand {

    private static final Path CONFIG = Path.of("payara-config");

    /** The JVM options of {@code payara-config/jvm.options} (heap and collector). */
    public static final List<String> JVM_OPTIONS = List.of("@" + CONFIG.resolve("jvm.options").toAbsolutePath());

    /** The launcher, the WAR and Payara Micro's options. */
    private static final Path LAUNCHER_ARGUMENTS = CONFIG.resolve("payara-micro.args");

    private RunCommand() {
    }

    /**
     * The run command with these JVM options (on this JVM's JDK), serving on {@code port}, Payara Micro's
     * files under {@code data}.
     */
    public static List<String> of(List<String> jvmOptions, int port, Path data) {
        Path war = deployedWar();
        if (!Files.isRegularFile(war)) {
            throw new IllegalStateException("Build the WAR first (mvn package): " + war.toAbsolutePath());
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("@" + LAUNCHER_ARGUMENTS.toAbsolutePath());
        command.addAll(List.of("--port", Integer.toString(port), "--rootdir", data.resolve("payara-" + port).toString()));
        return command;
    }

    /** The arguments of {@code payara-config/payara-micro.args}: split at white space, without the comment lines. */
    public static List<String> launcherArguments() {
        try {
            return Files.readAllLines(LAUNCHER_ARGUMENTS).stream()
                    .filter(line -> !line.isBlank() && !line.startsWith("#"))
                    .flatMap(line -> Arrays.stream(line.trim().split("\\s+")))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path deployedWar() {
        List<String> arguments = launcherArguments();
        return Path.of(arguments.get(arguments.indexOf("--deploy") + 1));
    }
}
