package org.docex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.DocexDeployment;
import org.docex.testing.ServerProcess;
import org.junit.jupiter.api.Test;

/**
 * docex as an orchestrator or an impatient client sees it start (the README's command line):
 * polled from the first moment, it never answers 5xx (nor any page of a half-started server);
 * once {@code /health/ready} first answers 200, a login and the calls after it succeed at once.
 * Where the build recorded an ahead-of-time cache (JDK 25 or newer), the start must use it: a
 * cache the JVM refuses (another JDK, a changed class path) only prints a warning and costs the
 * start a third of its speed.
 */
class StartupIT {

    private static final Duration POLL = Duration.ofMillis(50);
    private static final Duration START_LIMIT = Duration.ofSeconds(180);

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Test
    void fromTheFirstSecondOfAStartNothingAnswers5xx() throws Exception {
        Path data = DocexDeployment.dataDir("startup-" + System.nanoTime());
        Files.createDirectories(data);
        Map<String, String> environment = Map.of("DOCEX_ADMIN_EMAIL", Accounts.ADMIN_EMAIL,
                "DOCEX_ADMIN_PASSWORD", Accounts.ADMIN_PASSWORD);
        boolean cached = ServerProcess.aheadOfTimeCacheRecorded();
        List<String> options = new ArrayList<>(ServerProcess.RUN_COMMAND_JVM_OPTIONS);
        if (cached) {
            // Only logging: the JVM says at start whether it uses the cache's classes.
            options.add("-Xlog:aot=info");
        }
        Path log = data.resolve("server.log");
        try (ServerProcess server = ServerProcess.launch(data, environment, log, options)) {
            URI base = server.base();
            List<String> answers = new ArrayList<>();
            long started = System.nanoTime();
            boolean ready = false;
            while (!ready) {
                assertTrue(server.isAlive(), "the server stopped while starting");
                assertTrue(System.nanoTime() - started < START_LIMIT.toNanos(), "not ready within " + START_LIMIT + ": " + answers);
                Optional<Integer> health = status(base.resolve("/health/ready"));
                Optional<Integer> me = status(base.resolve("/api/users/me"));
                health.ifPresent(code -> answers.add("/health/ready " + code));
                me.ifPresent(code -> answers.add("/api/users/me " + code));
                assertTrue(health.orElse(0) < 500 && me.orElse(0) < 500, "answered 5xx while starting: " + answers);
                ready = health.orElse(0) == 200;
                if (!ready) {
                    Thread.sleep(POLL.toMillis());
                }
            }
            System.out.printf("ready %.1f s after the start%n", (System.nanoTime() - started) / 1e9);
            if (cached) {
                assertTrue(Files.readString(log).contains("Using AOT-linked classes: true"),
                        "the start did not use the build's ahead-of-time cache; see the [aot] lines of " + log);
            }

            Api api = server.api();
            String token = new Accounts(api).login(Accounts.ADMIN_EMAIL, Accounts.ADMIN_PASSWORD);
            long until = System.nanoTime() + Duration.ofSeconds(3).toNanos();
            while (System.nanoTime() < until) {
                assertEquals(200, api.as(token).get("/api/users/me").status());
                assertEquals(200, status(base.resolve("/health/ready")).orElse(0));
                assertEquals(401, status(base.resolve("/api/users/me")).orElse(0));
                Thread.sleep(POLL.toMillis());
            }
        }
    }

    /** The status of a GET, or empty while nothing accepts the connection. */
    private Optional<Integer> status(URI uri) throws InterruptedException {
        try {
            return Optional.of(client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode());
        } catch (IOException refused) {
            return Optional.empty();
        }
    }
}
