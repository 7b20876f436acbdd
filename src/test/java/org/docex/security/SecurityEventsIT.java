package org.docex.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.docex.testing.Accounts;
import org.docex.testing.Accounts.Account;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.DocexDeployment;
import org.docex.testing.ServerProcess;
import org.junit.jupiter.api.Test;

/**
 * The server's log, as an operator reads it, records security events in one format
 * ({@code security-event type=... client=...}): sign-ins that failed or succeeded, throttling,
 * wrong MFA codes, admins' changes to accounts, a rotated webhook secret and refused requests.
 * No password, token or secret appears, and a submitted name cannot forge a line.
 */
class SecurityEventsIT {

    private static final String WRONG_PASSWORD = "not the admin password 913";
    private static final String FORGED = "nobody@docex.test\r\nsecurity-event type=login.success user=forged@docex.test";

    @Test
    void securityEventsAreLoggedInOneFormatWithoutSecrets() throws Exception {
        Path data = DocexDeployment.freshDataDir("security-events");
        Path log = data.resolve("server.log");
        String analystToken;
        String webhookSecret;
        Account analyst;
        Account reviewer;
        try (ServerProcess server = ServerProcess.start(data,
                Accounts.environment(Map.of("DOCEX_WEBHOOK_ALLOW_PRIVATE", "true")), log)) {
            Api api = server.api();
            Accounts accounts = new Accounts(api);
            String admin = accounts.adminToken();
            analyst = accounts.signedIn("analyst");
            analystToken = analyst.token();
            reviewer = accounts.create("reviewer");

            assertEquals(401, login(api, FORGED, WRONG_PASSWORD).status());
            String target = accounts.create("analyst").email();
            for (int i = 0; i < 5; i++) {
                assertEquals(401, login(api, target, WRONG_PASSWORD).status());
            }
            assertEquals(429, login(api, target, WRONG_PASSWORD).status());

            assertEquals(403, api.as(analystToken).get("/api/users").status());
            ApiResponse setup = api.as(analystToken).postRaw("/api/users/mfa/setup", "application/json", "");
            assertEquals(200, setup.status(), setup.body());
            ApiResponse wrongCode = api.as(analystToken).post("/api/users/mfa/verify",
                    Json.createObjectBuilder().add("code", "abcdef").build());
            assertEquals(400, wrongCode.status(), wrongCode.body());

            assertEquals(200, api.as(admin).patch("/api/users/" + reviewer.id(), Json.createObjectBuilder()
                    .add("role", "analyst").add("password", "an admin's new password 55").build()).status());
            assertEquals(200, api.as(admin).patch("/api/users/" + reviewer.id(),
                    Json.createObjectBuilder().add("active", false).build()).status());
            assertEquals(204, api.as(admin).postRaw("/api/users/" + analyst.id() + "/mfa/reset", "application/json", "")
                    .status());
            ApiResponse webhook = api.as(admin).post("/api/webhooks", Json.createObjectBuilder()
                    .add("url", "http://127.0.0.1:9/hook").add("events", Json.createArrayBuilder().add("workflow.committed"))
                    .build());
            assertEquals(201, webhook.status(), webhook.body());
            ApiResponse rotated = api.as(admin).postRaw("/api/webhooks/" + webhook.json().getString("id")
                    + "/rotate-secret", "application/json", "");
            assertEquals(200, rotated.status(), rotated.body());
            webhookSecret = rotated.json().getString("secret");
        }

        List<String> events = Files.readAllLines(log).stream().filter(line -> line.contains("security-event "))
                .map(line -> line.substring(line.indexOf("security-event "))).toList();
        String clientField = "client=";
        assertTrue(events.stream().allMatch(line -> line.matches("security-event type=[a-z_.]+ \\S.* client=\\S+")),
                String.join("\n", events));
        assertOne(events, "type=login.success user=" + Accounts.ADMIN_EMAIL + " mfa_pending=false " + clientField);
        assertOne(events, "type=login.failure user=nobody@docex.test%0D%0Asecurity-event%20type=login.success%20user=forged@docex.test reason=unknown_user");
        assertTrue(events.stream().noneMatch(line -> line.startsWith("security-event type=login.success user=forged")),
                "a submitted name forged no line");
        assertEquals(5, events.stream().filter(line -> line.contains("type=login.failure user=")
                && line.contains("reason=wrong_password")).count(), String.join("\n", events));
        assertOne(events, "type=login.throttled user=");
        assertOne(events, "type=user.created actor=" + Accounts.ADMIN_EMAIL + " target=" + reviewer.email() + " role=reviewer");
        assertOne(events, "type=access.denied user=" + analyst.email() + " method=GET path=/api/users client=");
        assertOne(events, "type=mfa.failure user=" + analyst.email());
        assertOne(events, "type=user.role_changed actor=" + Accounts.ADMIN_EMAIL + " target=" + reviewer.email()
                + " from=reviewer to=analyst");
        assertOne(events, "type=user.password_reset actor=" + Accounts.ADMIN_EMAIL + " target=" + reviewer.email());
        assertOne(events, "type=user.deactivated actor=" + Accounts.ADMIN_EMAIL + " target=" + reviewer.email());
        assertOne(events, "type=user.mfa_reset actor=" + Accounts.ADMIN_EMAIL + " target=" + analyst.email());
        assertOne(events, "type=webhook.secret_rotated actor=" + Accounts.ADMIN_EMAIL + " webhook=");

        String written = Files.readString(log);
        for (String secret : List.of(Accounts.ADMIN_PASSWORD, Accounts.PASSWORD, WRONG_PASSWORD,
                "an admin's new password 55", analystToken, analystToken.split("\\.")[2], webhookSecret)) {
            assertFalse(written.contains(secret), "a secret in the log: " + secret);
        }
    }

    private static ApiResponse login(Api api, String username, String password) {
        return api.postForm("/api/users/login", Map.of("username", username, "password", password));
    }

    private static void assertOne(List<String> events, String expected) {
        assertEquals(1, events.stream().filter(line -> line.contains(expected)).count(),
                "one event with " + expected + " in:\n" + String.join("\n", events));
    }
}
