package org.docex.testing;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Keycloak, a real OAuth2 and OpenID Connect provider, for the black-box tests: the distribution the build lays out
 * before the integration tests ({@code docex.it.keycloak}), started in development mode on a free loopback port with an
 * in-memory database and the test realm {@value #REALM} ({@code src/test/resources/keycloak}). Its clients:
 * {@code docex-mail} (client credentials; its tokens, and the userinfo endpoint asked with them, carry the claim
 * {@code mailbox} = {@code accounts}, and no roles or other scopes, so that Dovecot reads a flat answer). It runs on a JDK of 21 or newer: this one's
 * where it is, else the newest under {@code /usr/lib/jvm}.
 */
public final class Keycloak implements AutoCloseable {

    public static final String REALM = "docex-test";
    public static final String MAIL_CLIENT = "docex-mail";
    public static final String MAIL_CLIENT_SECRET = "docex-mail-secret";
    /** The workspace's client for sign-on: public, authorisation code with PKCE (S256), direct grants for API clients' tokens. */
    public static final String WORKSPACE_CLIENT = "docex-workspace";
    /** The master realm's administrator, for changing the test realm's users while a test runs. */
    static final String ADMIN = "keycloak-admin";
    static final String ADMIN_PASSWORD = "keycloak admin passphrase";
    private static final Duration START = Duration.ofMinutes(5);

    private final Process process;
    private final int port;
    private final Path log;

    private Keycloak(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    private static Path home() {
        return Path.of(System.getProperty("docex.it.keycloak", "target/keycloak/keycloak"));
    }

    /** Why this machine cannot start it (not laid out by the build, no JDK 21), or empty where it can. */
    public static Optional<String> unavailable() {
        if (!Files.isExecutable(home().resolve("bin/kc.sh"))) {
            return Optional.of("Keycloak is not laid out at " + home() + " (mvn verify unpacks it before the integration tests)");
        }
        if (jdk().isEmpty()) {
            return Optional.of("Keycloak needs a JDK of 21 or newer; none is here or under /usr/lib/jvm");
        }
        return Optional.empty();
    }

    /** Starts it, returning at once: {@link #awaitReady()} waits until the realm answers. */
    public static Keycloak launch(Path dir) throws IOException {
        Path home = home();
        Path imports = Files.createDirectories(home.resolve("data/import"));
        try (InputStream realm = Keycloak.class.getResourceAsStream("/keycloak/" + REALM + "-realm.json")) {
            Files.copy(realm, imports.resolve(REALM + "-realm.json"), StandardCopyOption.REPLACE_EXISTING);
        }
        int port = freePort();
        Path log = dir.resolve("keycloak.log");
        ProcessBuilder builder = new ProcessBuilder(home.resolve("bin/kc.sh").toString(), "start-dev",
                "--http-host=127.0.0.1", "--http-port=" + port, "--db=dev-mem", "--import-realm")
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("JAVA_HOME", jdk().orElseThrow().toString());
        builder.environment().put("KC_BOOTSTRAP_ADMIN_USERNAME", ADMIN);
        builder.environment().put("KC_BOOTSTRAP_ADMIN_PASSWORD", ADMIN_PASSWORD);
        return new Keycloak(builder.start(), port, log);
    }

    /** Waits until the test realm answers; throws with the log's end where Keycloak stopped or took too long. */
    public Keycloak awaitReady() throws IOException, InterruptedException {
        HttpClient client = HttpClient.newHttpClient();
        HttpRequest discovery = HttpRequest.newBuilder(URI.create(issuer() + "/.well-known/openid-configuration"))
                .timeout(Duration.ofSeconds(5)).build();
        Instant deadline = Instant.now().plus(START);
        while (true) {
            try {
                if (client.send(discovery, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return this;
                }
            } catch (IOException notYet) {
                // Not listening yet.
            }
            if (!process.isAlive() || Instant.now().isAfter(deadline)) {
                List<String> lines = Files.readAllLines(log);
                throw new IOException("Keycloak did not start: " + String.join("\n", lines.subList(Math.max(0, lines.size() - 30),
                        lines.size())));
            }
            Thread.sleep(500);
        }
    }

    public String issuer() {
        return base() + "/realms/" + REALM;
    }

    String base() {
        return "http://127.0.0.1:" + port;
    }

    public String tokenUrl() {
        return issuer() + "/protocol/openid-connect/token";
    }

    /** The userinfo endpoint, which answers a token's claims to whoever holds it (a token with the scope openid). */
    public String userinfoUrl() {
        return issuer() + "/protocol/openid-connect/userinfo";
    }

    @Override
    public void close() throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        if (!process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    /** This JVM's JDK where it is 21 or newer, else the newest such JDK under /usr/lib/jvm. */
    private static Optional<Path> jdk() {
        if (Runtime.version().feature() >= 21) {
            return Optional.of(Path.of(System.getProperty("java.home")));
        }
        List<Path> found = new ArrayList<>();
        try (Stream<Path> jvms = Files.list(Path.of("/usr/lib/jvm"))) {
            jvms.filter(jdk -> Files.isExecutable(jdk.resolve("bin/java")) && feature(jdk) >= 21).forEach(found::add);
        } catch (IOException none) {
            return Optional.empty();
        }
        return found.stream().max(java.util.Comparator.comparingInt(Keycloak::feature));
    }

    /** The JDK's feature version from its {@code release} file ({@code JAVA_VERSION="25.0.1"}), or 0. */
    private static int feature(Path jdk) {
        try {
            return Files.readAllLines(jdk.resolve("release")).stream().filter(line -> line.startsWith("JAVA_VERSION="))
                    .map(line -> line.replaceAll("[^0-9.]", "").split("\\.")[0]).filter(version -> !version.isEmpty())
                    .mapToInt(Integer::parseInt).findFirst().orElse(0);
        } catch (IOException | RuntimeException unreadable) {
            return 0;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
