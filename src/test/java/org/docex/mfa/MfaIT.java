package org.docex.mfa;

import static org.docex.mfa.MfaClient.MFA_REQUIRED;
import static org.docex.mfa.MfaClient.totp;
import static org.docex.mfa.MfaClient.wrongCode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.docex.mfa.MfaClient.Enrolled;
import org.docex.testing.Accounts;
import org.docex.testing.Accounts.Account;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.QrScanner;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.docex.testing.Tokens;
import org.junit.jupiter.api.Test;

/** TOTP enrolment, the login challenge, recovery codes, the attempt limit, and turning MFA off. */
@SharedServer(ServerGroup.GENERAL)
class MfaIT extends BlackBoxTest {

    @Test
    void everyMfaEndpointAnswers401WithoutAToken() {
        List<ApiResponse> answers = List.of(mfa().setup(null), mfa().verify(null, "123456"),
                mfa().challenge(null, "123456"), mfa().disable(null, "123456"));
        for (ApiResponse answer : answers) {
            assertRefused(401, "Not authenticated", answer);
        }
    }

    @Test
    void everyRoleMayEnrol() {
        for (String role : List.of("analyst", "reviewer", "admin")) {
            Enrolled user = mfa().enrol(accounts().signedIn(role));
            assertTrue(me(user.token()).getBoolean("mfa_enabled"), role);
        }
    }

    @Test
    void setupAnswersABase32SecretWithItsOtpauthUrlAndAQrCodeOfThatUrl() {
        Account user = accounts().signedIn("analyst");
        ApiResponse setup = mfa().setup(user.token());

        assertEquals(200, setup.status(), setup.body());
        String secret = setup.json().getString("secret");
        assertTrue(secret.matches("[A-Z2-7]{32}"), "160-bit base32 secret: " + secret);
        String otpauthUrl = setup.json().getString("otpauth_url");
        assertEquals("otpauth://totp/docex:" + user.email() + "?secret=" + secret
                + "&issuer=docex&algorithm=SHA1&digits=6&period=30", otpauthUrl);
        assertEquals(otpauthUrl, QrScanner.text(setup.json().getString("qr_code")));
        assertFalse(me(user.token()).getBoolean("mfa_enabled"), "not enabled before verify");
    }

    @Test
    void setupAgainReplacesThePendingSecret() {
        Account user = accounts().signedIn("analyst");
        String first = mfa().setupSecret(user.token());
        String second = mfa().setupSecret(user.token());

        assertNotEquals(first, second);
        assertInvalidCode(mfa().verify(user.token(), totp(first, 0)));
        assertEquals(200, mfa().verify(user.token(), totp(second, 0)).status());
    }

    @Test
    void verifyRefusesWrongAndMissingCodesAndNeedsASetup() {
        Account user = accounts().signedIn("analyst");
        ApiResponse withoutSetup = mfa().verify(user.token(), "123456");
        assertRefused(400, "No pending multi-factor setup; call setup first", withoutSetup);

        String secret = mfa().setupSecret(user.token());
        assertInvalidCode(mfa().verify(user.token(), wrongCode(secret)));
        assertInvalidCode(mfa().verify(user.token(), "12345a"));
        for (String missing : List.of("{}", "{\"code\": \"\"}", "{\"code\": \"   \"}", "{\"code\": null}")) {
            ApiResponse answer = api().as(user.token()).postRaw("/api/users/mfa/verify", "application/json", missing);
            assertEquals(422, answer.status(), missing + " -> " + answer.body());
        }
        assertFalse(me(user.token()).getBoolean("mfa_enabled"));
    }

    @Test
    void verifyEnablesMfaAnswersRecoveryCodesAndEndsEarlierTokens() {
        Account user = accounts().signedIn("reviewer");
        String otherSession = accounts().login(user.email(), user.password());
        String secret = mfa().setupSecret(user.token());

        ApiResponse verified = mfa().verify(user.token(), totp(secret, -1));

        assertEquals(200, verified.status(), verified.body());
        JsonObject body = verified.json();
        assertTrue(body.getBoolean("mfa_enabled"));
        assertEquals("bearer", body.getString("token_type"));
        assertFalse(body.containsKey("secret"));
        List<String> codes = body.getJsonArray("recovery_codes").getValuesAs(JsonString::getString);
        assertEquals(10, codes.size());
        assertEquals(10, new HashSet<>(codes).size());
        String token = body.getString("access_token");
        assertTrue(Tokens.payload(token).getBoolean("mfa"));
        assertEquals(401, api().as(user.token()).get("/api/users/me").status(), "the token used for verify");
        assertEquals(401, api().as(otherSession).get("/api/users/me").status(), "another earlier token");
        JsonObject me = me(token);
        assertTrue(me.getBoolean("mfa_enabled"));
        assertTrue(me.getBoolean("mfa_verified"));
        assertEquals(400, mfa().verify(token, totp(secret, 0)).status(), "nothing pending any more");
    }

    @Test
    void aLoginTokenOfAnEnrolledUserMayOnlyReadMeAndPassTheChallenge() {
        Enrolled admin = mfa().enrol(accounts().signedIn("admin"));
        assertEquals(204, logout(admin.token()).status());
        ApiResponse login = login(admin.account());
        assertTrue(login.json().getBoolean("mfa_required"));
        String loginToken = login.json().getString("access_token");
        assertFalse(Tokens.payload(loginToken).getBoolean("mfa"));

        JsonObject me = me(loginToken);
        assertTrue(me.getBoolean("mfa_enabled"));
        assertFalse(me.getBoolean("mfa_verified"));
        Api half = api().as(loginToken);
        List<ApiResponse> refused = List.of(half.get("/api/users"),
                half.post("/api/users/me/password", Json.createObjectBuilder()
                        .add("current_password", Accounts.PASSWORD).add("new_password", "another fine password 8").build()),
                mfa().setup(loginToken), mfa().verify(loginToken, totp(admin.secret(), 0)),
                mfa().disable(loginToken, totp(admin.secret(), 0)));
        for (ApiResponse answer : refused) {
            assertRefused(403, MFA_REQUIRED, answer);
        }

        String code = totp(admin.secret(), 0);
        ApiResponse passed = mfa().challenge(loginToken, code);
        assertEquals(200, passed.status(), passed.body());
        assertEquals("bearer", passed.json().getString("token_type"));
        assertEquals(86400, passed.json().getInt("expires_in"));
        String full = passed.json().getString("access_token");
        assertTrue(Tokens.payload(full).getBoolean("mfa"));
        assertEquals(200, api().as(full).get("/api/users").status());
        assertTrue(me(full).getBoolean("mfa_verified"));
        ApiResponse ended = api().as(loginToken).get("/api/users/me");
        assertRefused(401, "Could not validate credentials", ended);
        assertInvalidCode(mfa().challenge(loginToken(admin.account()), code));
    }

    @Test
    void eachRecoveryCodeWorksOnceHoweverItIsTyped() {
        Enrolled user = mfa().enrol(accounts().signedIn("analyst"));
        String first = user.recoveryCodes().get(0);

        assertEquals(200, mfa().challenge(loginToken(user.account()), first).status());
        assertInvalidCode(mfa().challenge(loginToken(user.account()), first));
        String typed = user.recoveryCodes().get(1).toUpperCase().replace('-', ' ');
        assertEquals(200, mfa().challenge(loginToken(user.account()), typed).status());
    }

    @Test
    void theChallengeNeedsMfaToBeEnabled() {
        Account user = accounts().signedIn("analyst");
        ApiResponse answer = mfa().challenge(user.token(), "123456");
        assertRefused(400, "Multi-factor authentication is not enabled", answer);
    }

    @Test
    void fiveWrongCodesWithinFiveMinutesBlockEvenTheRightOne() {
        Enrolled user = mfa().enrol(accounts().signedIn("analyst"));
        String loginToken = loginToken(user.account());
        String wrong = wrongCode(user.secret());
        for (int attempt = 1; attempt <= 5; attempt++) {
            assertInvalidCode(mfa().challenge(loginToken, wrong));
        }

        for (ApiResponse blocked : List.of(mfa().challenge(loginToken, totp(user.secret(), 0)),
                mfa().challenge(loginToken, user.recoveryCodes().get(0)),
                mfa().disable(user.token(), totp(user.secret(), 0)))) {
            assertEquals(429, blocked.status(), blocked.body());
            long retryAfter = Long.parseLong(blocked.header("Retry-After").orElseThrow());
            assertTrue(retryAfter > 0 && retryAfter <= 300, "Retry-After " + retryAfter);
            assertFalse(blocked.detail().isBlank());
        }
        assertTrue(me(user.token()).getBoolean("mfa_enabled"), "nothing was disabled while blocked");
    }

    @Test
    void setupWhileMfaIsEnabledIs409() {
        Enrolled user = mfa().enrol(accounts().signedIn("analyst"));
        ApiResponse again = mfa().setup(user.token());
        assertRefused(409, "Multi-factor authentication is already enabled", again);
    }

    @Test
    void disablingNeedsATokenThatPassedMfaAndAValidCode() {
        Enrolled user = mfa().enrol(accounts().signedIn("reviewer"));
        String loginToken = loginToken(user.account());

        ApiResponse unverified = mfa().disable(loginToken, totp(user.secret(), 0));
        assertRefused(403, MFA_REQUIRED, unverified);
        assertInvalidCode(mfa().disable(user.token(), wrongCode(user.secret())));
        assertEquals(422, mfa().disable(user.token(), "").status());
        assertEquals(204, mfa().disable(user.token(), totp(user.secret(), 0)).status());

        assertEquals(401, api().as(user.token()).get("/api/users/me").status());
        assertEquals(401, api().as(loginToken).get("/api/users/me").status());
        ApiResponse login = login(user.account());
        assertFalse(login.json().getBoolean("mfa_required"));
        String token = login.json().getString("access_token");
        assertFalse(me(token).getBoolean("mfa_enabled"));
        assertEquals(200, mfa().setup(token).status(), "may enrol again");
    }

    @Test
    void disablingWithoutMfaIs403() {
        Account user = accounts().signedIn("analyst");
        ApiResponse answer = mfa().disable(user.token(), "123456");
        assertRefused(403, MFA_REQUIRED, answer);
    }

    @Test
    void anAdminResetEndsTheUsersTokensAndLetsThemEnrolAgain() {
        Enrolled user = mfa().enrol(accounts().signedIn("analyst"));

        assertEquals(204, api().as(accounts().adminToken())
                .postRaw("/api/users/" + user.account().id() + "/mfa/reset", "application/json", "").status());

        assertEquals(401, api().as(user.token()).get("/api/users/me").status());
        ApiResponse login = login(user.account());
        assertFalse(login.json().getBoolean("mfa_required"));
        String token = login.json().getString("access_token");
        assertFalse(me(token).getBoolean("mfa_enabled"));
        String secret = mfa().setupSecret(token);
        assertNotEquals(user.secret(), secret);
        assertEquals(200, mfa().verify(token, totp(secret, 0)).status());
        String loginToken = loginToken(user.account());
        assertInvalidCode(mfa().challenge(loginToken, user.recoveryCodes().get(0)));
    }

    @Test
    void codesFromAnIndependentAuthenticatorAreAccepted() {
        assumeTrue(MfaClient.oathtoolInstalled(), "oathtool not installed");
        Account user = accounts().signedIn("analyst");
        String secret = mfa().setupSecret(user.token());

        ApiResponse verified = mfa().verify(user.token(), MfaClient.oathtool(secret));

        assertEquals(200, verified.status(), verified.body());
    }

    private static void assertInvalidCode(ApiResponse answer) {
        assertRefused(400, "Invalid code", answer);
    }

    private static void assertRefused(int status, String detail, ApiResponse answer) {
        assertEquals(status, answer.status(), answer.body());
        assertEquals(detail, answer.detail());
    }

    private JsonObject me(String token) {
        ApiResponse me = api().as(token).get("/api/users/me");
        assertEquals(200, me.status(), me.body());
        return me.json();
    }

    private ApiResponse login(Account account) {
        ApiResponse login = api().postForm("/api/users/login", Map.of("username", account.email(), "password", account.password()));
        assertEquals(200, login.status(), login.body());
        return login;
    }

    private String loginToken(Account account) {
        return login(account).json().getString("access_token");
    }

    private ApiResponse logout(String token) {
        return api().as(token).postRaw("/api/users/logout", "application/json", "");
    }

    private MfaClient mfa() {
        return new MfaClient(api());
    }
}
