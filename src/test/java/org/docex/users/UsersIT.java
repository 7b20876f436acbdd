package org.docex.users;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.docex.testing.Accounts;
import org.docex.testing.Accounts.Account;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.docex.testing.Tokens;
import org.junit.jupiter.api.Test;

/** The users endpoints: who may call what, account administration, and token revocation. */
@SharedServer(ServerGroup.GENERAL)
class UsersIT extends BlackBoxTest {

    @Test
    void everyUsersEndpointAnswers401WithoutAToken() {
        String id = UUID.randomUUID().toString();
        List<ApiResponse> answers = List.of(
                api().get("/api/users/me"),
                api().post("/api/users/me/password", passwordChange("a", "b")),
                api().postRaw("/api/users/logout", "application/json", ""),
                api().get("/api/users/me/sessions"),
                api().delete("/api/users/me/sessions/" + id),
                api().post("/api/users", newUser("x@docex.test", "analyst")),
                api().get("/api/users"),
                api().get("/api/users/" + id),
                api().patch("/api/users/" + id, Json.createObjectBuilder().add("active", false).build()),
                api().postRaw("/api/users/" + id + "/mfa/reset", "application/json", ""));
        for (ApiResponse answer : answers) {
            assertEquals(401, answer.status(), answer.body());
            assertEquals("Not authenticated", answer.detail());
        }
    }

    @Test
    void adminEndpointsAnswer403ToAnalystsAndReviewers() {
        String target = accounts().create("analyst").id();
        for (String role : List.of("analyst", "reviewer")) {
            Api caller = api().as(accounts().signedIn(role).token());
            List<ApiResponse> answers = List.of(
                    caller.post("/api/users", newUser("y-" + UUID.randomUUID() + "@docex.test", "analyst")),
                    caller.get("/api/users"),
                    caller.get("/api/users/" + target),
                    caller.patch("/api/users/" + target, Json.createObjectBuilder().add("role", "admin").build()),
                    caller.postRaw("/api/users/" + target + "/mfa/reset", "application/json", ""));
            for (ApiResponse answer : answers) {
                assertEquals(403, answer.status(), role + ": " + answer.body());
                assertEquals("Not enough permissions", answer.detail());
            }
        }
        ApiResponse unchanged = admin().get("/api/users/" + target);
        assertEquals("analyst", unchanged.json().getString("role"));
    }

    @Test
    void adminEndpointsWorkForAdmins() {
        ApiResponse created = admin().post("/api/users", newUser("New.Person-" + UUID.randomUUID() + "@Docex.Test", "reviewer"));
        assertEquals(201, created.status(), created.body());
        JsonObject user = created.json();
        assertEquals("/api/users/" + user.getString("id"), java.net.URI.create(created.header("Location").orElseThrow()).getPath());
        assertEquals(user.getString("email").toLowerCase(), user.getString("email"), "stored lower-case");
        assertEquals("reviewer", user.getString("role"));
        assertTrue(user.getBoolean("active"));
        assertFalse(user.getBoolean("mfa_enabled"));
        assertTrue(user.getString("created_at").matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"), user.toString());

        assertEquals(user, admin().get("/api/users/" + user.getString("id")).json());
        ApiResponse patched = admin().patch("/api/users/" + user.getString("id"),
                Json.createObjectBuilder().add("role", "analyst").add("active", false).build());
        assertEquals(200, patched.status(), patched.body());
        assertEquals("analyst", patched.json().getString("role"));
        assertFalse(patched.json().getBoolean("active"));
        assertEquals(204, admin().postRaw("/api/users/" + user.getString("id") + "/mfa/reset", "application/json", "").status());
    }

    @Test
    void listPagesWithTotal() {
        accounts().create("analyst");
        accounts().create("analyst");
        JsonObject all = admin().get("/api/users?limit=200").json();
        int total = all.getInt("total");
        assertTrue(total >= 3);
        assertEquals(Math.min(total, 200), all.getJsonArray("items").size());

        JsonObject page = admin().get("/api/users?offset=1&limit=1").json();
        assertEquals(1, page.getJsonArray("items").size());
        assertEquals(total, page.getInt("total"));
        assertEquals(1, page.getInt("offset"));
        assertEquals(1, page.getInt("limit"));
        assertEquals(all.getJsonArray("items").get(1), page.getJsonArray("items").get(0));

        assertEquals(422, admin().get("/api/users?limit=201").status());
        assertEquals(422, admin().get("/api/users?limit=0").status());
        assertEquals(422, admin().get("/api/users?offset=-1").status());
        // An offset near 2^31 overflowed in EclipseLink (offset + limit) and the query ran without a limit.
        ApiResponse far = admin().get("/api/users?offset=2147483600&limit=200");
        assertEquals(422, far.status());
        assertEquals("offset must be between 0 and 1000000", far.detail());
        assertEquals(0, admin().get("/api/users?offset=1000000").json().getJsonArray("items").size());
        assertEquals(422, admin().get("/api/users?limit=ten").status());
    }

    @Test
    void meDescribesTheCaller() {
        Account reviewer = accounts().signedIn("reviewer");
        JsonObject me = api().as(reviewer.token()).get("/api/users/me").json();
        assertEquals(reviewer.id(), me.getString("id"));
        assertEquals(reviewer.email(), me.getString("email"));
        assertEquals("reviewer", me.getString("role"));
        assertFalse(me.getBoolean("mfa_enabled"));
        assertFalse(me.getBoolean("mfa_verified"));
        assertTrue(me.getBoolean("active"));
        assertTrue(me.containsKey("created_at"));
    }

    @Test
    void noAnswerCarriesAPasswordHash() {
        accounts().create("analyst");
        String everything = admin().get("/api/users?limit=200").body() + admin().get("/api/users/me").body();
        assertFalse(everything.contains("pbkdf2"), everything);
        assertFalse(everything.contains("password"), everything);
    }

    @Test
    void badInputIsRefused() {
        String unique = "dup-" + UUID.randomUUID() + "@docex.test";
        assertEquals(201, admin().post("/api/users", newUser(unique, "analyst")).status());
        expect(409, admin().post("/api/users", newUser(unique.toUpperCase(), "reviewer")));
        expect(422, admin().post("/api/users", newUser("not-an-email", "analyst")));
        expect(422, admin().post("/api/users", newUser("two@@docex.test", "analyst")));
        expect(422, admin().post("/api/users", newUser("space in@docex.test", "analyst")));
        expect(422, admin().post("/api/users", newUser("role-" + UUID.randomUUID() + "@docex.test", "superuser")));
        expect(422, admin().post("/api/users", Json.createObjectBuilder().add("email", "x-" + UUID.randomUUID() + "@docex.test")
                .add("password", "short").add("role", "analyst").build()));
        expect(422, admin().post("/api/users", Json.createObjectBuilder().add("email", "x-" + UUID.randomUUID() + "@docex.test")
                .add("password", "password2024!").add("role", "analyst").build()));
        expect(422, admin().post("/api/users", Json.createObjectBuilder().add("role", "analyst").build()));
        expect(422, admin().postRaw("/api/users", "application/json", "null"));
        expect(400, admin().postRaw("/api/users", "application/json", "{\"email\": "));
        expect(415, admin().postRaw("/api/users", "text/plain", "email=x"));
        expect(404, admin().get("/api/users/" + UUID.randomUUID()));
        expect(404, admin().get("/api/users/not-a-uuid"));
        expect(422, admin().patch("/api/users/" + accounts().create("analyst").id(),
                Json.createObjectBuilder().add("role", "owner").build()));
    }

    @Test
    void clientsCannotSetWhatTheServerOwns() {
        String email = "owned-" + UUID.randomUUID() + "@docex.test";
        String forgedId = UUID.randomUUID().toString();
        JsonObject body = Json.createObjectBuilder(newUser(email, "analyst"))
                .add("id", forgedId).add("active", false).add("mfa_enabled", true)
                .add("created_at", "2000-01-01T00:00:00Z").add("password_hash", "x").build();
        JsonObject created = admin().post("/api/users", body).json();
        assertFalse(forgedId.equals(created.getString("id")));
        assertTrue(created.getBoolean("active"));
        assertFalse(created.getBoolean("mfa_enabled"));
        assertFalse(created.getString("created_at").startsWith("2000"));

        Account analyst = accounts().signedIn("analyst");
        JsonObject change = Json.createObjectBuilder(passwordChange(analyst.password(), "a brand new passphrase 9"))
                .add("role", "admin").add("id", UUID.randomUUID().toString()).add("email", "evil@docex.test").build();
        assertEquals(204, api().as(analyst.token()).post("/api/users/me/password", change).status());
        JsonObject after = admin().get("/api/users/" + analyst.id()).json();
        assertEquals("analyst", after.getString("role"));
        assertEquals(analyst.email(), after.getString("email"));
    }

    @Test
    void changingOwnPasswordNeedsTheCurrentOneAndAGoodNewOne() {
        Account analyst = accounts().signedIn("analyst");
        Api caller = api().as(analyst.token());
        expect(400, caller.post("/api/users/me/password", passwordChange("wrong current password", "a brand new passphrase 9")));
        expect(422, caller.post("/api/users/me/password", passwordChange(analyst.password(), "short")));
        expect(422, caller.post("/api/users/me/password", Json.createObjectBuilder().add("new_password", "x").build()));
        assertEquals(204, caller.post("/api/users/me/password", passwordChange(analyst.password(), "a brand new passphrase 9")).status());
        assertEquals(401, caller.get("/api/users/me").status(), "the token used ends with the change");
        accounts().login(analyst.email(), "a brand new passphrase 9");
    }

    @Test
    void tokensStopWorkingWhenTheirUserChanges() {
        // The token's holder is told why (the reason beside the detail): only a token whose signature verifies gets one.
        assertRevokedBy("account_deactivated",
                user -> admin().patch("/api/users/" + user.id(), Json.createObjectBuilder().add("active", false).build()));
        assertRevokedBy("account_changed",
                user -> admin().patch("/api/users/" + user.id(), Json.createObjectBuilder().add("role", "reviewer").build()));
        assertRevokedBy("session_ended", user -> admin().patch("/api/users/" + user.id(),
                Json.createObjectBuilder().add("password", "admin chosen passphrase 5").build()));
        assertRevokedBy("session_ended", user -> admin().postRaw("/api/users/" + user.id() + "/mfa/reset", "application/json", ""));
        assertRevokedBy("session_ended", user -> api().as(user.token()).postRaw("/api/users/logout", "application/json", ""));
        Account other = accounts().signedIn("analyst");
        ApiResponse refused = api().as(Tokens.withForgedSignature(other.token())).get("/api/users/me");
        assertEquals(401, refused.status());
        assertEquals(Set.of("detail"), refused.json().keySet(), "no reason for a token that does not verify: " + refused.body());
        // A token past its expiry, signed with the server's key (as one the server issued a while ago).
        long now = java.time.Instant.now().getEpochSecond();
        String expired = Tokens.sign(Tokens.header(other.token()), Tokens.copy(Tokens.payload(other.token()))
                .add("iat", now - 7200).add("exp", now - 60).build(), "HmacSHA256", Accounts.JWT_SECRET);
        ApiResponse late = api().as(expired).get("/api/users/me");
        assertEquals(401, late.status(), late.body());
        assertEquals("session_expired", late.json().getString("reason"), late.body());
    }

    @Test
    void logoutEndsOnlyTheTokenUsed() {
        Account analyst = accounts().signedIn("analyst");
        String other = accounts().login(analyst.email(), analyst.password());
        assertEquals(204, api().as(analyst.token()).postRaw("/api/users/logout", "application/json", "").status());
        ApiResponse ended = api().as(analyst.token()).get("/api/users/me");
        assertEquals(401, ended.status());
        assertEquals("Could not validate credentials", ended.detail());
        assertEquals(200, api().as(other).get("/api/users/me").status());
    }

    @Test
    void aUserSeesTheirLiveSessionsAndWhichIsCurrentButNoToken() {
        Account analyst = accounts().signedIn("analyst");
        String other = accounts().login(analyst.email(), analyst.password());
        String loggedOut = accounts().login(analyst.email(), analyst.password());
        assertEquals(204, api().as(loggedOut).postRaw("/api/users/logout", "application/json", "").status());

        ApiResponse answer = api().as(analyst.token()).get("/api/users/me/sessions");

        assertEquals(200, answer.status(), answer.body());
        assertEquals(2, answer.json().getInt("total"), answer.body());
        List<JsonObject> sessions = answer.json().getJsonArray("items").getValuesAs(JsonObject.class);
        assertEquals(Map.of(sessionId(analyst.token()), true, sessionId(other), false), sessions.stream()
                .collect(java.util.stream.Collectors.toMap(session -> session.getString("id"), session -> session.getBoolean("current"))),
                "the live sessions, the one used marked current; the ended one left out");
        for (JsonObject session : sessions) {
            assertEquals(java.util.Set.of("id", "created_at", "expires_at", "mfa", "current"), session.keySet());
            assertFalse(session.getBoolean("mfa"));
            assertEquals(java.time.Duration.ofHours(24), java.time.Duration.between(
                    java.time.Instant.parse(session.getString("created_at")), java.time.Instant.parse(session.getString("expires_at"))));
        }
        for (String token : List.of(analyst.token(), other)) {
            assertFalse(answer.body().contains(token.substring(token.lastIndexOf('.') + 1)), "no token or signature");
        }
    }

    @Test
    void aUserEndsOneOfTheirOtherSessions() {
        Account analyst = accounts().signedIn("analyst");
        String other = accounts().login(analyst.email(), analyst.password());
        Api caller = api().as(analyst.token());

        assertEquals(204, caller.delete("/api/users/me/sessions/" + sessionId(other)).status());

        ApiResponse ended = api().as(other).get("/api/users/me");
        assertEquals(401, ended.status());
        assertEquals("Could not validate credentials", ended.detail());
        assertEquals(200, caller.get("/api/users/me").status(), "the session used goes on");
        expectSessionNotFound(caller.delete("/api/users/me/sessions/" + sessionId(other)));
        assertEquals(204, caller.delete("/api/users/me/sessions/" + sessionId(analyst.token())).status());
        assertEquals(401, caller.get("/api/users/me").status(), "ending the current session is logging out");
    }

    @Test
    void anotherUsersSessionIsNotFoundAndGoesOn() {
        Account analyst = accounts().signedIn("analyst");
        Account someoneElse = accounts().signedIn("admin");
        Api caller = api().as(analyst.token());

        expectSessionNotFound(caller.delete("/api/users/me/sessions/" + sessionId(someoneElse.token())));
        expectSessionNotFound(caller.delete("/api/users/me/sessions/" + UUID.randomUUID()));

        assertEquals(200, api().as(someoneElse.token()).get("/api/users/me").status());
        assertEquals(List.of(sessionId(analyst.token())), caller.get("/api/users/me/sessions").json().getJsonArray("items")
                .getValuesAs(JsonObject.class).stream().map(session -> session.getString("id")).toList());
    }

    @Test
    void theLastActiveAdminCannotBeDemotedOrDisabled() {
        String me = admin().get("/api/users/me").json().getString("id");
        Account second = accounts().create("admin");
        assertEquals(200, api().as(accounts().login(second.email(), second.password())).get("/api/users").status());
        for (JsonObject user : admin().get("/api/users?limit=200").json().getJsonArray("items").getValuesAs(JsonObject.class)) {
            if (user.getString("role").equals("admin") && user.getBoolean("active") && !user.getString("id").equals(me)) {
                ApiResponse demoted = admin().patch("/api/users/" + user.getString("id"),
                        Json.createObjectBuilder().add("role", "analyst").build());
                assertEquals(200, demoted.status(), "another admin remains, so this one may go: " + demoted);
            }
        }
        expect(409, admin().patch("/api/users/" + me, Json.createObjectBuilder().add("role", "analyst").build()));
        expect(409, admin().patch("/api/users/" + me, Json.createObjectBuilder().add("active", false).build()));
        assertEquals("admin", admin().get("/api/users/me").json().getString("role"), "still the admin");
    }

    private void assertRevokedBy(String reason, java.util.function.Function<Account, ApiResponse> change) {
        Account user = accounts().signedIn("analyst");
        assertEquals(200, api().as(user.token()).get("/api/users/me").status());
        ApiResponse changed = change.apply(user);
        assertTrue(changed.status() < 300, changed.toString());
        ApiResponse after = api().as(user.token()).get("/api/users/me");
        assertEquals(401, after.status(), "token must be revoked");
        assertEquals("Could not validate credentials", after.detail());
        assertEquals(reason, after.json().getString("reason"), after.body());
    }

    private static String sessionId(String token) {
        return Tokens.payload(token).getString("jti");
    }

    private static void expectSessionNotFound(ApiResponse answer) {
        assertEquals(404, answer.status(), answer.body());
        assertEquals("Session not found", answer.detail());
    }

    private static void expect(int status, ApiResponse answer) {
        assertEquals(status, answer.status(), answer.body());
        assertFalse(answer.detail().isBlank());
    }

    private static JsonObject newUser(String email, String role) {
        return Json.createObjectBuilder().add("email", email).add("password", Accounts.PASSWORD).add("role", role).build();
    }

    private static JsonObject passwordChange(String current, String next) {
        return Json.createObjectBuilder().add("current_password", current).add("new_password", next).build();
    }

    private Api admin() {
        return api().as(accounts().adminToken());
    }
}
