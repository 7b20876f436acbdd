package org.docex.testing;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * docex started exactly as the README starts it ({@code java @payara-config/jvm.options -jar
 * payara-micro.jar --deploy docex.war ...}), for tests that stop and restart the server on the same
 * data. Arquillian's adapter cannot restart on a stable address, so those tests drive the process
 * themselves. On request the same tests start Open Liberty instead (see {@link #launch}).
 */
public final class ServerProcess implements AutoCloseable {

    /** The run command's settings for Payara Micro and its JVM. */
    private static final File CONFIG = new File("payara-config");

    /** The JVM options of {@code payara-config/jvm.options} (heap and collector). */
    public static final List<String> JVM_OPTIONS = List.of("@" + new File(CONFIG, "jvm.options").getAbsolutePath());

    /**
     * The README run command's JVM options: the java launcher's argument files, {@code payara-config/jvm.options}
     * and the build's {@code target/aot.options} (the ahead-of-time cache, where the build recorded one).
     */
    public static final List<String> RUN_COMMAND_JVM_OPTIONS =
            List.of(JVM_OPTIONS.get(0), "@" + new File("target", "aot.options").getAbsolutePath());

    private static final Duration BOOT_TIMEOUT = Duration.ofSeconds(180);

    private final Process process;
    private final URI base;

    private ServerProcess(Process process, URI base) {
        this.process = process;
        this.base = base;
    }

    /** Starts docex with {@code environment} added to this JVM's and waits until it is ready. */
    public static ServerProcess start(Path dataDir, Map<String, String> environment, Path log) throws IOException {
        return start(dataDir, environment, log, RUN_COMMAND_JVM_OPTIONS);
    }

    /** As {@link #start(Path, Map, Path)}, with these options for the server's JVM instead (such as {@code -Xmx256m}). */
    public static ServerProcess start(Path dataDir, Map<String, String> environment, Path log, List<String> jvmOptions)
            throws IOException {
        ServerProcess server = launch(dataDir, environment, log, jvmOptions);
        try {
            server.awaitReady();
        } catch (IOException e) {
            if (server.isAlive() || !lostStartRace(log)) {
                throw e;
            }
            server = launch(dataDir, environment, log, jvmOptions);
            server.awaitReady();
        }
        return server;
    }

    /**
     * Whether the server's log shows Payara Micro's own start failing in a race of its service
     * registry (HK2), before docex was deployed: a {@code ConcurrentModificationException} in
     * {@code SystemDescriptor.invokeInstanceListeners}, then "Failed to start, exiting". Seen once
     * in some hundred starts on a loaded machine; a second start of the same server is the remedy
     * an operator's supervisor would apply, so a test starts it once more rather than fail.
     */
    private static boolean lostStartRace(Path log) {
        try {
            String text = java.nio.file.Files.readString(log, StandardCharsets.ISO_8859_1);
            return text.contains("SystemDescriptor.invokeInstanceListeners") && text.contains("Failed to start, exiting");
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Starts docex as {@link #start(Path, Map, Path, List)} does, without waiting for it to be ready. With
     * {@code -Ddocex.it.liberty=target/liberty/wlp} (laid out by {@code mvn -Pliberty}), on Open Liberty
     * instead: {@code server run docex}, with the JVM options of that server's {@code jvm.options}.
     */
    public static ServerProcess launch(Path dataDir, Map<String, String> environment, Path log, List<String> jvmOptions)
            throws IOException {
        int port = freePort();
        String liberty = System.getProperty("docex.it.liberty");
        ProcessBuilder builder = new ProcessBuilder(liberty == null ? payaraMicro(port, dataDir, jvmOptions)
                : List.of(Path.of(liberty, "bin", "server").toString(), "run", "docex"))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().put("DOCEX_DATA_DIR", dataDir.toString());
        if (liberty != null) {
            // The ports of the Liberty server's configuration (server.xml).
            builder.environment().put("PORT", Integer.toString(port));
            builder.environment().put("HTTPS_PORT", Integer.toString(freePort()));
        }
        builder.environment().putAll(environment);
        return new ServerProcess(builder.start(), URI.create("http://127.0.0.1:" + port + "/"));
    }

    private static List<String> payaraMicro(int port, Path dataDir, List<String> jvmOptions) {
        String jar = System.getProperty("payara.microJar", "target/payara-micro.jar");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", jar,
                "--deploy", DocexDeployment.builtWar().getAbsolutePath(),
                "--contextroot", "/", "--port", Integer.toString(port), "--nohazelcast",
                "--rootdir", dataDir.resolve("payara-" + port).toString()));
        command.addAll(bootCommandFiles());
        return command;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public Api api() {
        return new Api(base);
    }

    public URI base() {
        return base;
    }

    public long pid() {
        return process.pid();
    }

    /**
     * Runs {@code jcmd <pid> arguments...} with the JDK the server runs on (this JVM's: another
     * JDK's {@code jcmd}, such as the one first on the PATH, may not attach to it) and answers what
     * it printed; an {@link IOException} with that output when it exits with an error.
     */
    public String jcmd(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString());
        command.add(Long.toString(process.pid()));
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
            String stat = java.nio.file.Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / 100.0;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The server's peak resident memory so far, in KiB (Linux {@code VmHWM}); -1 where unknown. */
    public long peakRssKib() {
        try {
            for (String line : java.nio.file.Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
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
            process.destroyForcibly();
            awaitExit(Duration.ofSeconds(60));
        } else {
            stop(Duration.ofSeconds(60));
        }
    }

    /** SIGTERM, then waits for the process to exit; kills it and answers false if it has not within {@code timeout}. */
    public boolean stop(Duration timeout) {
        process.destroy();
        return awaitExit(timeout);
    }

    private boolean awaitExit(Duration timeout) {
        try {
            if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return true;
            }
            process.destroyForcibly().waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        return false;
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            stop(false);
        }
    }

    private void awaitReady() throws IOException {
        HttpClient client = HttpClient.newHttpClient();
        Instant deadline = Instant.now().plus(BOOT_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IOException("docex exited during start with code " + process.exitValue());
            }
            try {
                HttpResponse<String> ready = client.send(HttpRequest.newBuilder(base.resolve("/health/ready")).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (ready.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // still booting
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(e);
            }
            sleep();
        }
        process.destroyForcibly();
        throw new IOException("docex was not ready within " + BOOT_TIMEOUT);
    }

    private static List<String> bootCommandFiles() {
        return List.of("--prebootcommandfile", new File(CONFIG, "pre-boot-commands.asadmin").getAbsolutePath(),
                "--postbootcommandfile", new File(CONFIG, "post-boot-commands.asadmin").getAbsolutePath(),
                "--postdeploycommandfile", new File(CONFIG, "post-deploy-commands.asadmin").getAbsolutePath());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(250);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
