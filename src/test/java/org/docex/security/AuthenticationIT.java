package org.docex.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.docex.testing.Accounts;
import org.docex.testing.Accounts.Account;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.docex.testing.Tokens;
import org.junit.jupiter.api.Test;

/** Login, brute-force back-off, and every way a forged or broken token must be refused. */
@SharedServer(ServerGroup.GENERAL)
class AuthenticationIT extends BlackBoxTest {

    private static final String INVALID = "Could not validate credentials";

    @Test
    void loginAnswersABearerTokenWithTheDocumentedClaims() {
        Account analyst = accounts().create("analyst");
        ApiResponse login = login(analyst.email(), analyst.password());

        assertEquals(200, login.status(), login.body());
        JsonObject body = login.json();
        assertEquals("bearer", body.getString("token_type"));
        assertEquals(86400, body.getInt("expires_in"));
        assertFalse(body.getBoolean("mfa_required"));
        String token = body.getString("access_token");
        assertEquals(Json.createObjectBuilder().add("alg", "HS256").add("typ", "JWT").build(), Tokens.header(token));
        JsonObject claims = Tokens.payload(token);
        assertEquals(analyst.email(), claims.getString("sub"));
        assertEquals("analyst", claims.getString("role"));
        assertFalse(claims.getBoolean("mfa"));
        assertEquals("docex", claims.getString("iss"));
        assertEquals(86400, claims.getJsonNumber("exp").longValue() - claims.getJsonNumber("iat").longValue());
        assertFalse(claims.getString("jti").isBlank());
        assertEquals(Json.createArrayBuilder().add("analyst").build(), claims.getJsonArray("groups"));
        assertEquals(200, api().as(token).get("/api/users/me").status());
    }

    @Test
    void grantTypeAndScopeAreAcceptedAndIgnored() {
        Account analyst = accounts().create("analyst");
        ApiResponse login = api().postForm("/api/users/login", Map.of("username", analyst.email(),
                "password", analyst.password(), "grant_type", "password", "scope", "anything"));
        assertEquals(200, login.status(), login.body());
    }

    @Test
    void emailIsMatchedWithoutRegardToCase() {
        Account analyst = accounts().create("analyst");
        assertEquals(200, login(analyst.email().toUpperCase(), analyst.password()).status());
    }

    @Test
    void unknownUserWrongPasswordAndDisabledUserGetTheSameAnswer() {
        Account disabled = accounts().create("analyst");
        api().as(accounts().adminToken()).patch("/api/users/" + disabled.id(),
                Json.createObjectBuilder().add("active", false).build());
        Account known = accounts().create("reviewer");

        List<ApiResponse> answers = List.of(
                login("nobody-" + System.nanoTime() + "@docex.test", Accounts.PASSWORD),
                login(known.email(), "not the right password at all"),
                login(disabled.email(), disabled.password()));

        for (ApiResponse answer : answers) {
            assertEquals(401, answer.status(), answer.body());
            assertEquals("Incorrect username or password", answer.detail());
            assertTrue(answer.header("WWW-Authenticate").orElse("").startsWith("Bearer"));
        }
    }

    @Test
    void unknownUsersTakeAboutAsLongAsWrongPasswords() {
        login(accounts().create("analyst").email(), "warm up the hashing path");
        // Interleaved rounds, compared by their medians: one pair of requests can land on a pause of the
        // server's other work (a collection, a queued extraction) and differ by twice without telling anything.
        List<Long> unknown = new ArrayList<>();
        List<Long> wrong = new ArrayList<>();
        for (int round = 0; round < 5; round++) {
            Account known = accounts().create("analyst");
            unknown.add(timeOf(() -> login("ghost-" + System.nanoTime() + "@docex.test", "some wrong password")).toNanos());
            wrong.add(timeOf(() -> login(known.email(), "another wrong password")).toNanos());
        }
        double ratio = (double) median(unknown) / median(wrong);
        assertTrue(ratio > 0.5 && ratio < 2.0, "unknown " + unknown + " ns vs wrong password " + wrong + " ns");
    }

    private static long median(List<Long> values) {
        return values.stream().sorted().toList().get(values.size() / 2);
    }

    @Test
    void fiveFailuresBlockTheUsernameWithRetryAfter() {
        Account victim = accounts().create("analyst");
        for (int i = 1; i <= 5; i++) {
            assertEquals(401, login(victim.email(), "wrong guess number " + i).status(), "attempt " + i);
        }
        ApiResponse blocked = login(victim.email(), victim.password());

        assertEquals(429, blocked.status(), blocked.body());
        long retryAfter = Long.parseLong(blocked.header("Retry-After").orElseThrow());
        assertTrue(retryAfter > 0 && retryAfter <= 30, "Retry-After " + retryAfter);
        assertFalse(blocked.detail().isBlank());
    }

    @Test
    void aBurstOfParallelGuessesGetsNoMoreThanFiveChecked() throws Exception {
        Account victim = accounts().create("analyst");
        int clients = 20;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<ApiResponse>> answers = new ArrayList<>();
        try {
            for (int i = 0; i < clients; i++) {
                String guess = "parallel wrong guess " + i;
                Api client = api().withOwnConnection();
                answers.add(pool.submit(() -> {
                    start.await();
                    return guessUntilChecked(client, victim.email(), guess);
                }));
            }
            start.countDown();
            int checked = 0;
            for (Future<ApiResponse> answer : answers) {
                ApiResponse response = answer.get(120, TimeUnit.SECONDS);
                assertTrue(response.status() == 401 || response.status() == 429, response.toString());
                checked += response.status() == 401 ? 1 : 0;
            }
            assertTrue(checked >= 1 && checked <= 5, checked + " wrong passwords were checked, at most 5 may be");
            assertEquals(429, login(victim.email(), victim.password()).status(), "the right password after the limit");
        } finally {
            pool.shutdownNow();
        }
    }

    /** Sends the guess again while the server is only too busy to check it, as a client honouring Retry-After would. */
    private static ApiResponse guessUntilChecked(Api client, String username, String password) throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(90);
        while (true) {
            ApiResponse answer = client.postForm("/api/users/login", Map.of("username", username, "password", password));
            if (answer.status() != 429 || !answer.detail().contains("in progress") || Instant.now().isAfter(deadline)) {
                return answer;
            }
            Thread.sleep(50);
        }
    }

    @Test
    void unknownUsernamesAreThrottledLikeKnownOnes() {
        String ghost = "ghost-" + System.nanoTime() + "@docex.test";
        for (int i = 1; i <= 5; i++) {
            login(ghost, "wrong guess number " + i);
        }
        assertEquals(429, login(ghost, "sixth guess").status());
    }

    @Test
    void aSuccessResetsTheFailureCount() {
        Account user = accounts().create("analyst");
        for (int i = 1; i <= 4; i++) {
            assertEquals(401, login(user.email(), "wrong guess " + i).status());
        }
        assertEquals(200, login(user.email(), user.password()).status());
        for (int i = 1; i <= 4; i++) {
            assertEquals(401, login(user.email(), "wrong again " + i).status());
        }
        assertEquals(200, login(user.email(), user.password()).status());
    }

    @Test
    void missingFieldsAre422() {
        assertEquals(422, api().postForm("/api/users/login", Map.of("username", "someone@docex.test")).status());
        assertEquals(422, api().postForm("/api/users/login", Map.of("password", "whatever it is")).status());
        assertEquals(422, api().postForm("/api/users/login", Map.of()).status());
    }

    @Test
    void aBodyThatIsNotFormEncodedIs415() {
        ApiResponse answer = api().postRaw("/api/users/login", "application/json",
                "{\"username\": \"a@b.c\", \"password\": \"x\"}");
        assertEquals(415, answer.status());
        assertEquals("Unsupported media type", answer.detail());
    }

    @Test
    void wrongMethodIs405() {
        ApiResponse answer = api().get("/api/users/login");
        assertEquals(405, answer.status());
        assertEquals("Method not allowed", answer.detail());
    }

    @Test
    void noTokenIs401NotAuthenticated() {
        ApiResponse answer = api().get("/api/users/me");
        assertEquals(401, answer.status());
        assertEquals("Not authenticated", answer.detail());
        assertTrue(answer.header("WWW-Authenticate").orElse("").startsWith("Bearer"));
    }

    @Test
    void aTokenInTheQueryStringIsNeverAccepted() {
        String token = accounts().adminToken();
        for (String name : List.of("access_token", "token", "jwt")) {
            ApiResponse answer = api().get("/api/users/me?" + name + "=" + token);
            assertEquals(401, answer.status());
            assertEquals("Not authenticated", answer.detail());
        }
    }

    @Test
    void forgedAndBrokenTokensAreRefusedWithTheSameDetail() {
        String good = accounts().signedIn("analyst").token();
        List<String> failures = new ArrayList<>();
        attacks(good).forEach((name, token) -> {
            ApiResponse answer = api().as(token).get("/api/users/me");
            if (answer.status() != 401 || !answer.body().contains(INVALID)
                    || !answer.header("WWW-Authenticate").orElse("").startsWith("Bearer")) {
                failures.add(name + " -> " + answer);
            }
        });
        assertTrue(failures.isEmpty(), String.join("\n", failures));
        assertEquals(200, api().as(good).get("/api/users/me").status(), "the genuine token still works");
    }

    @Test
    void aHugeAuthorizationHeaderIsRefusedQuicklyWithoutA500() {
        String huge = "Bearer " + "a".repeat(100 * 1024);
        Instant start = Instant.now();
        int status;
        try {
            status = api().sendAlone(api().request("/api/users/me").header("Authorization", huge).GET()).status();
        } catch (RuntimeException connectionClosed) {
            status = 400;
        }
        assertTrue(status >= 400 && status < 500, "status " + status);
        assertTrue(Duration.between(start, Instant.now()).toSeconds() < 5);
        assertEquals(200, api().get("/health/ready").status(), "server still healthy");
    }

    private Map<String, String> attacks(String good) {
        JsonObject header = Tokens.header(good);
        JsonObject claims = Tokens.payload(good);
        String[] parts = good.split("\\.");
        String key = Accounts.JWT_SECRET;
        Function<JsonObject, String> hs256 = payload -> Tokens.sign(header, payload, "HmacSHA256", key);
        long past = Instant.now().minusSeconds(60).getEpochSecond();
        Map<String, String> attacks = new java.util.LinkedHashMap<>();
        for (String none : List.of("none", "None", "NONE", "nOnE")) {
            JsonObject noneHeader = Json.createObjectBuilder().add("alg", none).add("typ", "JWT").build();
            attacks.put("alg " + none + " unsigned", Tokens.encode(noneHeader) + "." + parts[1] + ".");
            attacks.put("alg " + none + " with signature", Tokens.encode(noneHeader) + "." + parts[1] + "." + parts[2]);
        }
        attacks.put("HS384 re-signed", Tokens.sign(withAlg(header, "HS384"), claims, "HmacSHA384", key));
        attacks.put("HS512 re-signed", Tokens.sign(withAlg(header, "HS512"), claims, "HmacSHA512", key));
        attacks.put("RS256 header", Tokens.encode(withAlg(header, "RS256")) + "." + parts[1] + "." + parts[2]);
        attacks.put("ES256 header", Tokens.encode(withAlg(header, "ES256")) + "." + parts[1] + "." + parts[2]);
        attacks.put("payload changed, old signature", parts[0] + "."
                + Tokens.encode(Tokens.copy(claims).add("role", "admin").build()) + "." + parts[2]);
        attacks.put("wrong key", Tokens.sign(header, claims, "HmacSHA256", "another-key-that-is-also-32-bytes-long!!"));
        attacks.put("missing exp", hs256.apply(Tokens.copy(claims).remove("exp").build()));
        attacks.put("missing sub", hs256.apply(Tokens.copy(claims).remove("sub").build()));
        attacks.put("missing role", hs256.apply(Tokens.copy(claims).remove("role").build()));
        attacks.put("expired", hs256.apply(Tokens.copy(claims).add("exp", past).build()));
        attacks.put("role raised, validly signed", hs256.apply(Tokens.copy(claims).add("role", "admin")
                .add("groups", Json.createArrayBuilder().add("admin")).build()));
        attacks.put("kid header", Tokens.sign(Tokens.copy(header).add("kid", "../../dev/null").build(), claims, "HmacSHA256", key));
        attacks.put("jku header", Tokens.sign(Tokens.copy(header).add("jku", "http://127.0.0.1:1/jwks.json").build(), claims, "HmacSHA256", key));
        attacks.put("jwk header", Tokens.sign(Tokens.copy(header).add("jwk", Json.createObjectBuilder().add("kty", "oct")
                .add("k", "AAAA")).build(), claims, "HmacSHA256", key));
        attacks.put("two segments", parts[0] + "." + parts[1]);
        attacks.put("four segments", good + "." + parts[2]);
        attacks.put("garbage", "this-is-not-a-token");
        attacks.put("empty", "");
        attacks.put("unknown session id", hs256.apply(Tokens.copy(claims).add("jti", "00000000-0000-0000-0000-000000000000").build()));
        return attacks;
    }

    private static JsonObject withAlg(JsonObject header, String alg) {
        return Tokens.copy(header).add("alg", alg).build();
    }

    private static Duration timeOf(Runnable action) {
        Instant start = Instant.now();
        action.run();
        return Duration.between(start, Instant.now());
    }

    private ApiResponse login(String username, String password) {
        return api().postForm("/api/users/login", Map.of("username", username, "password", password));
    }
}
