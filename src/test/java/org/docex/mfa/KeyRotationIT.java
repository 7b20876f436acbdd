package org.docex.mfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.docex.extraction.GeneratedPdfs;
import org.docex.mfa.MfaClient.Enrolled;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.DocexDeployment;
import org.docex.testing.OwnDatabase;
import org.docex.testing.ServerProcess;
import org.docex.testing.Uploads;
import org.docex.webhooks.WebhookReceiver;
import org.junit.jupiter.api.Test;

/**
 * The signing key replaced between two starts, the old one given as the previous key: second factors
 * and webhook secrets encrypted under keys derived from the old one still work, while tokens the old
 * key signed are refused; after that start the old key is no longer needed.
 */
class KeyRotationIT {

    private static final String OLD_KEY = "the-signing-key-before-the-rotation-0123456789";
    private static final String NEW_KEY = "the-signing-key-after-the-rotation-9876543210";

    @Test
    void secondFactorsAndWebhookSecretsSurviveARotationThatEndsTheOldTokens() throws Exception {
        Path data = DocexDeployment.dataDir("key-rotation-" + System.nanoTime());
        Files.createDirectories(data);
        Path log = data.resolve("server.log");

        // A database of its own: the rotation writes every stored secret again under the new key.
        try (OwnDatabase database = OwnDatabase.create(data); WebhookReceiver receiver = new WebhookReceiver()) {
            Enrolled analyst;
            String adminToken;
            String subscription;
            try (ServerProcess server = ServerProcess.start(data, environment(database, Map.of("DOCEX_JWT_SECRET", OLD_KEY)), log)) {
                Accounts accounts = new Accounts(server.api());
                analyst = new MfaClient(server.api()).enrol(accounts.signedIn("analyst"));
                adminToken = accounts.adminToken();
                ApiResponse created = server.api().as(adminToken).post("/api/webhooks", Json.createObjectBuilder()
                        .add("url", receiver.url("/rotation")).add("events", Json.createArrayBuilder().add("document.uploaded"))
                        .build());
                assertEquals(201, created.status(), created.body());
                subscription = created.json().getString("id");
                receiver.secret("/rotation", created.json().getString("secret"));
                server.stop(false);
            }

            try (ServerProcess server = ServerProcess.start(data, environment(database, Map.of("DOCEX_JWT_SECRET", NEW_KEY,
                    "DOCEX_PREVIOUS_JWT_SECRET", OLD_KEY)), log)) {
                Api api = server.api();
                assertEquals(401, api.as(analyst.token()).get("/api/users/me").status(), "a token of the old key");
                assertEquals(401, api.as(adminToken).get("/api/webhooks/" + subscription).status(), "a token of the old key");

                MfaClient mfa = new MfaClient(api);
                String loginToken = new Accounts(api).login(analyst.account().email(), analyst.account().password());
                ApiResponse passed = mfa.challenge(loginToken, MfaClient.totp(analyst.secret(), 0));
                assertEquals(200, passed.status(), passed.body());
                Api analystApi = api.as(passed.json().getString("access_token"));

                assertDelivered(receiver, Uploads.uploaded(analystApi, "rotated.pdf", GeneratedPdfs.invoice()));
                server.stop(false);
            }

            // The start with the previous key wrote the secrets again under the new one: the old key is no longer needed.
            try (ServerProcess server = ServerProcess.start(data, environment(database, Map.of("DOCEX_JWT_SECRET", NEW_KEY)), log)) {
                Api api = server.api();
                String loginToken = new Accounts(api).login(analyst.account().email(), analyst.account().password());
                ApiResponse passed = new MfaClient(api).challenge(loginToken, MfaClient.totp(analyst.secret(), 1));
                assertEquals(200, passed.status(), passed.body());
                Api analystApi = api.as(passed.json().getString("access_token"));
                assertDelivered(receiver, Uploads.uploaded(analystApi, "after.pdf", GeneratedPdfs.invoice()));
            }
        }
    }

    private static void assertDelivered(WebhookReceiver receiver, String document) {
        List<WebhookReceiver.Received> delivered = receiver.await(
                request -> document.equals(request.event().getString("subject")), 1, Duration.ofSeconds(60));
        assertTrue(delivered.get(0).verified(), "signed with the secret shown when the webhook was created");
    }

    private static Map<String, String> environment(OwnDatabase database, Map<String, String> keys) {
        Map<String, String> all = new HashMap<>(database.environment(keys));
        all.put("DOCEX_WEBHOOK_ALLOW_PRIVATE", "true");
        all.put("DOCEX_WEBHOOK_RETRY_SECONDS", "1");
        return Accounts.environment(all);
    }
}
