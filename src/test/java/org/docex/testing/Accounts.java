package org.docex.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import java.util.Map;
import java.util.UUID;

/** Users of a test deployment: the bootstrap admin, and fresh users of any role. */
public final class Accounts {

    public static final String ADMIN_EMAIL = "admin@docex.test";
    public static final String ADMIN_PASSWORD = "bootstrap admin secret 42";
    /** The server's HS256 key in tests, so that tests can forge tokens the way an attacker would try. */
    public static final String JWT_SECRET = "test-signing-key-of-at-least-32-bytes-0123456789";
    public static final String PASSWORD = "a perfectly fine password 7";

    private final Api api;
    private String adminToken;

    public Accounts(Api api) {
        this.api = api;
    }

    /** Settings every test deployment needs: a known first admin and a known signing key. */
    public static Map<String, String> settings() {
        return Map.of("docex.admin-email", ADMIN_EMAIL,
                "docex.admin-password", ADMIN_PASSWORD,
                "docex.jwt-secret", JWT_SECRET);
    }

    public static Map<String, String> settings(Map<String, String> more) {
        java.util.HashMap<String, String> all = new java.util.HashMap<>(settings());
        all.putAll(more);
        return all;
    }

    /** The environment of a server a test starts itself ({@code ServerProcess}): the known first admin, and {@code more}. */
    public static Map<String, String> environment(Map<String, String> more) {
        java.util.HashMap<String, String> all = new java.util.HashMap<>(Map.of("DOCEX_ADMIN_EMAIL", ADMIN_EMAIL,
                "DOCEX_ADMIN_PASSWORD", ADMIN_PASSWORD));
        all.putAll(more);
        return all;
    }

    public synchronized String adminToken() {
        if (adminToken == null) {
            adminToken = login(ADMIN_EMAIL, ADMIN_PASSWORD);
        }
        return adminToken;
    }

    public Account create(String role) {
        String email = role + "-" + UUID.randomUUID() + "@docex.test";
        ApiResponse created = api.as(adminToken()).post("/api/users", Json.createObjectBuilder()
                .add("email", email).add("password", PASSWORD).add("role", role).build());
        assertEquals(201, created.status(), created.body());
        return new Account(created.json().getString("id"), email, PASSWORD, role);
    }

    /** A new user of the role, logged in. */
    public Account signedIn(String role) {
        Account account = create(role);
        return account.withToken(login(account.email(), account.password()));
    }

    public String login(String email, String password) {
        ApiResponse login = api.postForm("/api/users/login", Map.of("username", email, "password", password));
        assertEquals(200, login.status(), login.body());
        return login.json().getString("access_token");
    }

    public record Account(String id, String email, String password, String role, String token) {

        Account(String id, String email, String password, String role) {
            this(id, email, password, role, null);
        }

        Account withToken(String newToken) {
            return new Account(id, email, password, role, newToken);
        }
    }
}
