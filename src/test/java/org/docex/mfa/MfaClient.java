package org.docex.mfa;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.docex.mfa.control.TotpVerifier;
import org.docex.testing.Accounts.Account;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;

/** The MFA endpoints as a client calls them, with TOTP codes made the way an authenticator app makes them. */
final class MfaClient {

    static final String MFA_REQUIRED = "Multi-factor authentication required";
    private static final TotpVerifier AUTHENTICATOR = new TotpVerifier();
    /** Codes are made at least this long before a step ends, so the server sees the step the test meant. */
    private static final Duration SAFETY = Duration.ofMillis(1500);

    private final Api api;

    MfaClient(Api api) {
        this.api = api;
    }

    ApiResponse setup(String token) {
        return api.as(token).postRaw("/api/users/mfa/setup", "application/json", "");
    }

    ApiResponse verify(String token, String code) {
        return api.as(token).post("/api/users/mfa/verify", body(code));
    }

    ApiResponse challenge(String token, String code) {
        return api.as(token).post("/api/users/mfa/challenge", body(code));
    }

    ApiResponse disable(String token, String code) {
        return api.as(token).send("DELETE", "/api/users/mfa", HttpRequest.BodyPublishers.ofString(body(code).toString()),
                Map.of("Content-Type", "application/json"));
    }

    String setupSecret(String token) {
        ApiResponse setup = setup(token);
        assertEquals(200, setup.status(), setup.body());
        return setup.json().getString("secret");
    }

    /**
     * The signed-in account with MFA enabled through setup and verify, using the code of the
     * step before the current one: later codes for this user should be for the current step or
     * the next, in that order, so that none of them is a replay.
     */
    Enrolled enrol(Account account) {
        String secret = setupSecret(account.token());
        ApiResponse verified = verify(account.token(), totp(secret, -1));
        assertEquals(200, verified.status(), verified.body());
        JsonObject body = verified.json();
        List<String> recoveryCodes = body.getJsonArray("recovery_codes").getValuesAs(JsonString::getString);
        return new Enrolled(account, secret, body.getString("access_token"), recoveryCodes);
    }

    /** The code of the step {@code stepsFromNow} steps away from the current one. */
    static String totp(String secret, int stepsFromNow) {
        awayFromStepEnd();
        return AUTHENTICATOR.codeAt(secret, Instant.now().plus(TotpVerifier.STEP.multipliedBy(stepsFromNow)));
    }

    /** A well-formed code that no step the server accepts now has. */
    static String wrongCode(String secret) {
        Set<String> valid = Set.of(totp(secret, -2), totp(secret, -1), totp(secret, 0), totp(secret, 1), totp(secret, 2));
        int candidate = 0;
        while (valid.contains(String.format("%06d", candidate))) {
            candidate++;
        }
        return String.format("%06d", candidate);
    }

    /** The current code as oathtool (oath-toolkit) computes it, an authenticator independent of docex. */
    static String oathtool(String secret) {
        awayFromStepEnd();
        try {
            Process process = new ProcessBuilder("oathtool", "--totp", "-b", secret).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
            if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("oathtool failed: " + output);
            }
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static boolean oathtoolInstalled() {
        return List.of(System.getenv().getOrDefault("PATH", "/usr/bin").split(":")).stream()
                .anyMatch(dir -> new java.io.File(dir, "oathtool").canExecute());
    }

    private static JsonObject body(String code) {
        return Json.createObjectBuilder().add("code", code).build();
    }

    private static void awayFromStepEnd() {
        long stepMillis = TotpVerifier.STEP.toMillis();
        long left = stepMillis - Math.floorMod(System.currentTimeMillis(), stepMillis);
        if (left < SAFETY.toMillis()) {
            try {
                Thread.sleep(left + 100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** A user with MFA enabled: the secret, the token verify answered (mfa=true) and the recovery codes. */
    record Enrolled(Account account, String secret, String token, List<String> recoveryCodes) {
    }
}
