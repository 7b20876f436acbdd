package org.docex.build;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * docex in a process of its own, serving on a port of this machine: started as the README's run
 * command starts it ({@code java @payara-config/jvm.options -jar target/payara-micro.jar --deploy
 * target/docex.war ...}) by the build's training run and by the tests that stop and restart a server,
 * or by another command (Open Liberty's).
 */
public final class DocexProcess implements AutoCloseable {

    /** The run command's settings for Payara Micro and its JVM. */
    private static final File CONFIG = new File("payara-config");

    /** The JVM options of {@code payara-config/jvm.options} (heap and collector). */
    public static final List<String> JVM_OPTIONS = List.of("@" + new File(CONFIG, "jvm.options").getAbsolutePath());

    private static final Duration BOOT_TIMEOUT = Duration.ofSeconds(180);

    private final Process process;
    private final URI base;

    private DocexProcess(Process process, URI base) {
        this.process = process;
        this.base = base;
    }

    /**
     * The README's run command with these JVM options (on this JVM's JDK), serving on {@code port}, Payara
     * Micro's files under {@code data}; the launcher and the WAR are the build's ({@code -Dpayara.microJar},
     * {@code -Ddocex.war}).
     */
    public static List<String> runCommand(List<String> jvmOptions, int port, Path data) {
        File war = new File(System.getProperty("docex.war", "target/docex.war"));
        if (!war.isFile()) {
            throw new IllegalStateException("Build the WAR first (mvn package): " + war.getAbsolutePath());
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", System.getProperty("payara.microJar", "target/payara-micro.jar"),
                "--deploy", war.getAbsolutePath(),
                "--contextroot", "/", "--port", Integer.toString(port), "--nohazelcast",
                "--rootdir", data.resolve("payara-" + port).toString(),
                "--prebootcommandfile", new File(CONFIG, "pre-boot-commands.asadmin").getAbsolutePath(),
                "--postbootcommandfile", new File(CONFIG, "post-boot-commands.asadmin").getAbsolutePath(),
                "--postdeploycommandfile", new File(CONFIG, "post-deploy-commands.asadmin").getAbsolutePath()));
        return command;
    }

    /**
     * Starts {@code command} with {@code DOCEX_DATA_DIR=data} and {@code environment} added to this JVM's
     * environment, its output appended to {@code log}, for a server that will listen on {@code port}; does
     * not wait for it to be ready.
     */
    public static DocexProcess launch(List<String> command, Path data, Map<String, String> environment, Path log, int port)
            throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().put("DOCEX_DATA_DIR", data.toString());
        builder.environment().putAll(environment);
        return new DocexProcess(builder.start(), URI.create("http://127.0.0.1:" + port + "/"));
    }

    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    public Process process() {
        return process;
    }

    public URI base() {
        return base;
    }

    /** Waits until {@code /health/ready} answers 200; kills the process when it is not ready in time. */
    public void awaitReady() throws IOException {
        HttpClient client = HttpClient.newHttpClient();
        Instant deadline = Instant.now().plus(BOOT_TIMEOUT);
        try {
            while (Instant.now().isBefore(deadline)) {
                if (!process.isAlive()) {
                    throw new IOException("docex exited during start with code " + process.exitValue());
                }
                try {
                    HttpRequest ready = HttpRequest.newBuilder(base.resolve("/health/ready")).build();
                    if (client.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                        return;
                    }
                } catch (IOException notYet) {
                    // still booting
                }
                Thread.sleep(250);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        process.destroyForcibly();
        throw new IOException("docex was not ready within " + BOOT_TIMEOUT);
    }

    /** SIGTERM, then waits for the process to exit; kills it and answers false if it has not within {@code timeout}. */
    public boolean stop(Duration timeout) {
        process.destroy();
        return awaitExit(timeout);
    }

    /** SIGKILL, as a crash would stop it, and waits for the process to end. */
    public void kill() {
        process.destroyForcibly();
        awaitExit(Duration.ofSeconds(60));
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
            stop(Duration.ofSeconds(60));
        }
    }
}
