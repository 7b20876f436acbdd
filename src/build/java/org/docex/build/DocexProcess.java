package org.docex.build;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * docex in a process of its own, serving on a port of this machine: started with the README's run
 * command ({@link RunCommand}) by the build's training run and by the tests that stop and restart a
 * server, or with another command (Open Liberty's).
 */
public final class DocexProcess implements AutoCloseable {

    private static final Duration BOOT_TIMEOUT = Duration.ofSeconds(180);

    private final Process process;
    private final URI base;

    private DocexProcess(Process process, URI base) {
        this.process = process;
        this.base = base;
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

    /**
     * Starts {@code command} as {@link #launch} does and waits until it is ready; starts it once more when
     * its log shows that Payara Micro lost a race in its own start.
     */
    public static DocexProcess start(List<String> command, Path data, Map<String, String> environment, Path log, int port)
            throws IOException {
        DocexProcess server = launch(command, data, environment, log, port);
        try {
            server.awaitReady();
        } catch (IOException e) {
            if (server.process.isAlive() || !lostStartRace(log)) {
                throw e;
            }
            server = launch(command, data, environment, log, port);
            server.awaitReady();
        }
        return server;
    }

    /**
     * Whether the server's log shows Payara Micro's own start failing in a race of its service
     * registry (HK2), before docex was deployed: a {@code ConcurrentModificationException} in
     * {@code SystemDescriptor.invokeInstanceListeners}, then "Failed to start, exiting". Seen once
     * in some hundred starts on a loaded machine; a second start of the same server is the remedy
     * an operator's supervisor would apply, so the build and the tests start it once more rather than fail.
     */
    private static boolean lostStartRace(Path log) {
        try {
            String text = Files.readString(log, StandardCharsets.ISO_8859_1);
            return text.contains("SystemDescriptor.invokeInstanceListeners") && text.contains("Failed to start, exiting");
        } catch (IOException e) {
            return false;
        }
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
