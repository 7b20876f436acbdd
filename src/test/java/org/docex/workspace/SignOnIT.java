package org.docex.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.DocexDeployment;
import org.docex.testing.Keycloak;
import org.docex.testing.KeycloakUsers;
import org.docex.testing.ServerProcess;
import org.docex.testing.Tokens;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.By;

/**
 * Sign-on through a real OpenID Connect provider (Keycloak, the test realm), one provider and one
 * server for the class: a user signs in on the provider's login page and the code it sends back
 * becomes a docex token with the role the provider's roles claim maps to; the role follows the
 * provider at the next sign-in; a user without a mapped role is refused with a message; a code is good
 * once and only with its nonce; an API client's access token from the provider is accepted as it is,
 * and a forged one refused. In Chromium, the workspace's "Sign in with your organisation's account"
 * goes through the provider's own login page and back, signed in.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SignOnIT {

    private static final String ROLE_MAP = "docex-analysts=analyst,docex-reviewers=reviewer,docex-admins=admin";

    private static Keycloak provider;
    private static ServerProcess server;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(Keycloak.unavailable().isEmpty(), () -> Keycloak.unavailable().get());
        Path data = Files.createDirectories(DocexDeployment.dataDir("sign-on-" + System.nanoTime()));
        provider = Keycloak.launch(data);
        provider.awaitReady();
        server = ServerProcess.start(data, Accounts.environment(Map.of("DOCEX_OIDC_ISSUER", provider.issuer(),
                "DOCEX_OIDC_CLIENT_ID", Keycloak.WORKSPACE_CLIENT, "DOCEX_OIDC_ROLES_CLAIM", "roles",
                "DOCEX_OIDC_ROLE_MAP", ROLE_MAP)), data.resolve("server.log"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (provider != null) {
            provider.close();
        }
    }

    @Test
    @Order(1)
    void aSignInAtTheProviderInChromiumComesBackSignedIn() {
        assumeTrue(Browser.installed(), Browser::missing);
        try (Browser browser = new Browser(server.api().base().toString())) {
            browser.driver.manage().window().setSize(new org.openqa.selenium.Dimension(1366, 768));
            browser.driver.get(server.api().base().resolve("/").toString());
            browser.visible(By.xpath("//button[text()=\"Sign in with your organisation's account\"]"));
            browser.assertAccessible("sign-in with the organisation's account offered");
            browser.screenshot("41-sign-in-with-provider");
            browser.driver.findElement(By.xpath("//button[text()=\"Sign in with your organisation's account\"]")).click();
            // Keycloak's own login page.
            browser.visible(By.id("username")).sendKeys(KeycloakUsers.ANALYST);
            browser.driver.findElement(By.id("password")).sendKeys(KeycloakUsers.password(KeycloakUsers.ANALYST));
            browser.driver.findElement(By.id("kc-login")).click();
            browser.visible(By.cssSelector("a[data-nav='#/account']"));
            assertEquals(null, browser.script("return new URLSearchParams(location.search).get('code')"), "the code leaves the address bar");
            String token = (String) browser.script("return sessionStorage.getItem('docex.token')");
            JsonObject me = server.api().as(token).get("/api/users/me").json();
            assertEquals(KeycloakUsers.email(KeycloakUsers.ANALYST), me.getString("email"));
            assertEquals("analyst", me.getString("role"));
            browser.screenshot("42-signed-in-through-provider");
        }
    }

    @Test
    @Order(2)
    void usersSignInThroughTheProviderWithTheRoleItGivesThem() throws Exception {
        KeycloakUsers users = new KeycloakUsers(provider);
        {
            {
                Api api = server.api();
                JsonObject config = api.get("/api/auth/oidc/config").json();
                assertTrue(config.getBoolean("enabled"), config.toString());
                assertEquals(provider.issuer(), config.getString("issuer"));
                assertEquals(Keycloak.WORKSPACE_CLIENT, config.getString("client_id"));
                assertTrue(config.getString("authorization_endpoint").startsWith(provider.issuer() + "/"), config.toString());
                assertTrue(config.getString("scope").contains("openid"));
                String openApi = api.get("/openapi").body();
                assertTrue(openApi.contains("/api/auth/oidc/token:") && openApi.contains("/api/auth/oidc/config:"), openApi);
                String redirect = api.base().resolve("/").toString();

                // Rita signs in at the provider; the code it sends her back with becomes a docex token.
                KeycloakUsers.Start start = KeycloakUsers.start(config.getString("authorization_endpoint"), Keycloak.WORKSPACE_CLIENT, redirect);
                String code = users.signIn(start, KeycloakUsers.REVIEWER);
                ApiResponse signedIn = api.post("/api/auth/oidc/token", exchange(code, start.verifier(), redirect, start.nonce()));
                assertEquals(200, signedIn.status(), signedIn.body());
                assertEquals("bearer", signedIn.json().getString("token_type"));
                assertFalse(signedIn.json().getBoolean("mfa_required"));
                String token = signedIn.json().getString("access_token");
                JsonObject me = api.as(token).get("/api/users/me").json();
                assertEquals(KeycloakUsers.email(KeycloakUsers.REVIEWER), me.getString("email"));
                assertEquals("reviewer", me.getString("role"), "docex-reviewers maps to reviewer; 'unrelated' to nothing");

                // A code is good once.
                ApiResponse again = api.post("/api/auth/oidc/token", exchange(code, start.verifier(), redirect, start.nonce()));
                assertEquals(401, again.status(), again.body());
                assertEquals("The identity provider did not accept this sign-in; please sign in again", again.detail());

                // An ID token that carries another nonce than the sign-in began with is refused.
                KeycloakUsers.Start other = KeycloakUsers.start(config.getString("authorization_endpoint"), Keycloak.WORKSPACE_CLIENT, redirect);
                String otherCode = users.signIn(other, KeycloakUsers.REVIEWER);
                ApiResponse replayed = api.post("/api/auth/oidc/token", exchange(otherCode, other.verifier(), redirect, start.nonce()));
                assertEquals(401, replayed.status(), replayed.body());

                // Nora has no role docex maps: refused, and told why.
                KeycloakUsers.Start nora = KeycloakUsers.start(config.getString("authorization_endpoint"), Keycloak.WORKSPACE_CLIENT, redirect);
                ApiResponse refused = api.post("/api/auth/oidc/token", exchange(users.signIn(nora, KeycloakUsers.WITHOUT_ROLE),
                        nora.verifier(), redirect, nora.nonce()));
                assertEquals(403, refused.status(), refused.body());
                assertEquals("Your account at the identity provider has no docex role; ask your administrator for one", refused.detail());

                // An API client presents the provider's access token as it is.
                String accessToken = users.accessToken(Keycloak.WORKSPACE_CLIENT, KeycloakUsers.REVIEWER);
                ApiResponse asClient = api.as(accessToken).get("/api/users/me");
                assertEquals(200, asClient.status(), asClient.body());
                assertEquals("reviewer", asClient.json().getString("role"));
                ApiResponse forgedAnswer = api.as(Tokens.withForgedSignature(accessToken)).get("/api/users/me");
                assertEquals(401, forgedAnswer.status(), forgedAnswer.body());
                assertEquals("Could not validate credentials", forgedAnswer.detail());
                // The ID token of a sign-in has this client as its audience too, but is no key to the API.
                ApiResponse withIdToken = api.as(users.idToken(Keycloak.WORKSPACE_CLIENT, KeycloakUsers.REVIEWER)).get("/api/users/me");
                assertEquals(401, withIdToken.status(), withIdToken.body());

                // Rita moves to the analysts at the provider: her next sign-in makes her an analyst, and ends her reviewer's session.
                users.moveRole(KeycloakUsers.REVIEWER, "docex-reviewers", "docex-analysts");
                KeycloakUsers.Start later = KeycloakUsers.start(config.getString("authorization_endpoint"), Keycloak.WORKSPACE_CLIENT, redirect);
                ApiResponse demoted = api.post("/api/auth/oidc/token", exchange(users.signIn(later, KeycloakUsers.REVIEWER),
                        later.verifier(), redirect, later.nonce()));
                assertEquals(200, demoted.status(), demoted.body());
                assertEquals("analyst", api.as(demoted.json().getString("access_token")).get("/api/users/me").json().getString("role"));
                ApiResponse old = api.as(token).get("/api/users/me");
                assertEquals(401, old.status());
                assertEquals("account_changed", old.json().getString("reason"));

                // A malformed exchange is a 422 naming the member.
                ApiResponse malformed = api.post("/api/auth/oidc/token", Json.createObjectBuilder().add("code", "x")
                        .add("code_verifier", "short").add("redirect_uri", redirect).add("nonce", start.nonce()).build());
                assertEquals(422, malformed.status(), malformed.body());
                assertTrue(malformed.detail().contains("code_verifier"), malformed.detail());
            }
        }
    }

    /** Last: the provider is stopped. */
    @Test
    @Order(3)
    void whileTheProviderIsDownSignOnAnswers503AndPasswordsStillWork() throws Exception {
        Api api = server.api();
        KeycloakUsers users = new KeycloakUsers(provider);
        JsonObject config = api.get("/api/auth/oidc/config").json();
        String redirect = api.base().resolve("/").toString();
        KeycloakUsers.Start start = KeycloakUsers.start(config.getString("authorization_endpoint"), Keycloak.WORKSPACE_CLIENT, redirect);
        String code = users.signIn(start, KeycloakUsers.ANALYST);
        provider.close();

        ApiResponse down = api.post("/api/auth/oidc/token", exchange(code, start.verifier(), redirect, start.nonce()));
        assertEquals(503, down.status(), down.body());
        assertTrue(down.header("Retry-After").isPresent(), "Retry-After on a 503");
        assertEquals("The identity provider cannot be reached", down.detail());
        assertFalse(down.body().contains("127.0.0.1"), "no address of the provider in the answer: " + down.body());
        assertEquals(200, api.get("/api/auth/oidc/config").status(), "the provider's endpoints were learnt before");
        assertEquals(200, api.as(new Accounts(api).signedIn("analyst").token()).get("/api/users/me").status(), "local passwords work");
    }

    private static JsonObject exchange(String code, String verifier, String redirect, String nonce) {
        return Json.createObjectBuilder().add("code", code).add("code_verifier", verifier).add("redirect_uri", redirect)
                .add("nonce", nonce).build();
    }
}
