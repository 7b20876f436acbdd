package org.docex.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A real S3 API server for the tests: S3Proxy (Maven Central, laid out by the build before the
 * integration tests, {@code docex.it.s3proxy}) serving a directory as buckets (its filesystem
 * backend), on a free loopback port, with AWS v4 signatures checked against one access key. Stopped
 * and started again on the same port and directory, it stands for a bucket that was briefly down.
 */
public final class S3Proxy implements AutoCloseable {

    public static final String ACCESS_KEY = "docex-test-access";
    public static final String SECRET_KEY = "docex-test-secret-" + Long.toHexString(System.nanoTime());
    private static final Duration START = Duration.ofSeconds(60);

    private final Path dir;
    private final int port;
    private Process process;

    private S3Proxy(Path dir, int port) {
        this.dir = dir;
        this.port = port;
    }

    private static Path jar() {
        return Path.of(System.getProperty("docex.it.s3proxy", "target/s3proxy/s3proxy.jar"));
    }

    /** Why this machine cannot start one (not laid out by the build), or empty where it can. */
    public static Optional<String> unavailable() {
        return Files.isRegularFile(jar()) ? Optional.empty()
                : Optional.of("S3Proxy is not laid out at " + jar() + " (mvn verify copies it before the integration tests)");
    }

    /** Started on a directory of its own under {@code parent}, with the bucket {@code bucket} in it, ready to answer. */
    public static S3Proxy start(Path parent, String bucket) throws IOException, InterruptedException {
        Path dir = Files.createDirectories(parent.resolve("s3"));
        Files.createDirectories(dir.resolve("data").resolve(bucket));
        S3Proxy proxy = new S3Proxy(dir, freePort());
        proxy.start();
        return proxy;
    }

    public String endpoint() {
        return "http://127.0.0.1:" + port;
    }

    /** The settings of a docex node that stores its files in {@code bucket} here. */
    public Map<String, String> settings(String bucket) {
        return Map.of("DOCEX_STORAGE", "s3", "DOCEX_S3_ENDPOINT", endpoint(), "DOCEX_S3_BUCKET", bucket,
                "DOCEX_S3_REGION", "us-east-1", "DOCEX_S3_ACCESS_KEY", ACCESS_KEY, "DOCEX_S3_SECRET_KEY", SECRET_KEY,
                "DOCEX_S3_PATH_STYLE", "true");
    }

    /** The keys of the objects in {@code bucket}, as the filesystem backend lays them out. */
    public List<String> keys(String bucket) throws IOException {
        Path root = dir.resolve("data").resolve(bucket);
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).map(file -> root.relativize(file).toString().replace('\\', '/')).sorted().toList();
        }
    }

    public synchronized void start() throws IOException, InterruptedException {
        Path properties = dir.resolve("s3proxy.properties");
        Files.writeString(properties, String.join("\n",
                "s3proxy.endpoint=" + endpoint(),
                "s3proxy.authorization=aws-v2-or-v4",
                "s3proxy.identity=" + ACCESS_KEY,
                "s3proxy.credential=" + SECRET_KEY,
                "jclouds.provider=filesystem",
                "jclouds.filesystem.basedir=" + dir.resolve("data")) + "\n");
        process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar().toString(),
                "--properties", properties.toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("s3proxy.log").toFile())).start();
        HttpClient client = HttpClient.newHttpClient();
        Instant deadline = Instant.now().plus(START);
        while (true) {
            try {
                client.send(HttpRequest.newBuilder(URI.create(endpoint() + "/")).timeout(Duration.ofSeconds(2)).build(),
                        HttpResponse.BodyHandlers.discarding());
                return;
            } catch (IOException notYet) {
                if (!process.isAlive() || Instant.now().isAfter(deadline)) {
                    throw new IOException("S3Proxy did not start; see " + dir.resolve("s3proxy.log"));
                }
                Thread.sleep(200);
            }
        }
    }

    /** Stops it: the bucket cannot be reached until {@link #start()}. */
    public synchronized void stop() throws InterruptedException {
        if (process != null) {
            process.destroy();
            if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
            process = null;
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
