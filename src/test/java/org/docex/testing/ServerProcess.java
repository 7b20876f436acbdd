package org.docex.testing;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.docex.build.DocexProcess;
import org.docex.build.RunCommand;

/**
 * docex started exactly as the README starts it ({@code java @payara-config/jvm.options @target/aot.options
 * @payara-config/payara-micro.args ...}, see {@link RunCommand}), for tests that stop and restart
 * the server on the same data. Arquillian's adapter cannot restart on a stable address, so those tests drive the process
 * themselves. On request the same tests start Open Liberty instead (see {@link #launch}).
 */
public final class ServerProcess implements AutoCloseable {

    /** The JVM options of {@code payara-config/jvm.options} (heap and collector). */
    public static final List<String> JVM_OPTIONS = RunCommand.JVM_OPTIONS;

    /**
     * The README run command's JVM options: the java launcher's argument files, {@code payara-config/jvm.options}
     * and the build's {@code target/aot.options} (the ahead-of-time cache, where the build recorded one).
     */
    public static final List<String> RUN_COMMAND_JVM_OPTIONS =
            List.of(JVM_OPTIONS.get(0), "@" + new File("target", "aot.options").getAbsolutePath());

    private final DocexProcess server;

    private ServerProcess(DocexProcess server) {
        this.server = server;
    }

    /** Whether the build's {@code target/aot.options} names an ahead-of-time cache (else it holds only a comment). */
    public static boolean aheadOfTimeCacheRecorded() throws IOException {
        Path options = Path.of("target", "aot.options");
        return java.nio.file.Files.exists(options)
                && java.nio.file.Files.readAllLines(options).stream().anyMatch(line -> line.startsWith("-XX:AOTCache="));
    }

    /** Starts docex with {@code environment} added to this JVM's and waits until it is ready. */
    public static ServerProcess start(Path dataDir, Map<String, String> environment, Path log) throws IOException {
        return start(dataDir, environment, log, RUN_COMMAND_JVM_OPTIONS);
    }

    /**
     * As {@link #start(Path, Map, Path)}, with these options for the server's JVM instead (such as {@code -Xmx256m});
     * started once more when Payara Micro lost a race in its own start (see {@link DocexProcess#start}).
     */
    public static ServerProcess start(Path dataDir, Map<String, String> environment, Path log, List<String> jvmOptions)
            throws IOException {
        Launch launch = Launch.of(dataDir, environment, jvmOptions);
        return new ServerProcess(DocexProcess.start(launch.command(), dataDir, launch.environment(), log, launch.port()));
    }

    /**
     * Starts docex as {@link #start(Path, Map, Path, List)} does, without waiting for it to be ready. With
     * {@code -Ddocex.it.liberty=target/liberty/wlp} (laid out by {@code mvn -Pliberty}), on Open Liberty
     * instead: {@code server run docex}, with the JVM options of that server's {@code jvm.options}.
     */
    public static ServerProcess launch(Path dataDir, Map<String, String> environment, Path log, List<String> jvmOptions)
            throws IOException {
        Launch launch = Launch.of(dataDir, environment, jvmOptions);
        return new ServerProcess(DocexProcess.launch(launch.command(), dataDir, launch.environment(), log, launch.port()));
    }

    /** The command that starts the server, its environment and the port it will serve on. */
    private record Launch(List<String> command, Map<String, String> environment, int port) {

        static Launch of(Path dataDir, Map<String, String> given, List<String> jvmOptions) throws IOException {
            int port = DocexProcess.freePort();
            Map<String, String> environment = new HashMap<>(given);
            try {
                String database = EmbeddedDatabase.url();
                if (database != null) {
                    environment.putIfAbsent("DB_URL", database);
                }
            } catch (SQLException e) {
                throw new IOException("could not create this test JVM's database", e);
            }
            String liberty = System.getProperty("docex.it.liberty");
            if (liberty == null) {
                return new Launch(RunCommand.of(jvmOptions, port, dataDir), environment, port);
            }
            // The ports of the Liberty server's configuration (server.xml).
            Map<String, String> settings = new HashMap<>(Map.of("PORT", Integer.toString(port),
                    "HTTPS_PORT", Integer.toString(DocexProcess.freePort())));
            settings.putAll(environment);
            return new Launch(List.of(Path.of(liberty, "bin", "server").toString(), "run", "docex"), settings, port);
        }
    }

    public boolean isAlive() {
        return server.process().isAlive();
    }

    public Api api() {
        return new Api(base());
    }

    public URI base() {
        return server.base();
    }

    public long pid() {
        return server.process().pid();
    }

    /**
     * Runs {@code jcmd <pid> arguments...} with the JDK the server runs on (this JVM's: another
     * JDK's {@code jcmd}, such as the one first on the PATH, may not attach to it) and answers what
     * it printed; an {@link IOException} with that output when it exits with an error.
     */
    public String jcmd(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString());
        command.add(Long.toString(pid()));
        command.addAll(List.of(arguments));
        Process jcmd = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (jcmd.waitFor() != 0) {
            throw new IOException("jcmd " + String.join(" ", arguments) + " exited with " + jcmd.exitValue() + ": " + output);
        }
        return output;
    }

    /** CPU time the server process has used so far, user and system, in seconds; -1 where unknown. */
    public double cpuSeconds() {
        try {
            String stat = java.nio.file.Files.readString(Path.of("/proc", Long.toString(pid()), "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / 100.0;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The server's peak resident memory so far, in KiB (Linux {@code VmHWM}); -1 where unknown. */
    public long peakRssKib() {
        try {
            for (String line : java.nio.file.Files.readAllLines(Path.of("/proc", Long.toString(pid()), "status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("\\D", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }

    /** Stops the server the way an operator or a crash would: SIGTERM, or SIGKILL when {@code crash}. */
    public void stop(boolean crash) {
        if (crash) {
            server.kill();
        } else {
            stop(Duration.ofSeconds(60));
        }
    }

    /** SIGTERM, then waits for the process to exit; kills it and answers false if it has not within {@code timeout}. */
    public boolean stop(Duration timeout) {
        return server.stop(timeout);
    }

    @Override
    public void close() {
        server.close();
    }
}
