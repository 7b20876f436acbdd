package org.docex.mfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.List;
import org.docex.mfa.MfaClient.Enrolled;
import org.docex.testing.Accounts.Account;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.junit.jupiter.api.Test;

/** DOCEX_MFA_REQUIRED_ROLES: users of a listed role may do little more than enrol until they have. */
@SharedServer(ServerGroup.STRICT)
class MfaPolicyIT extends BlackBoxTest {

    private static final String ENROLLMENT_REQUIRED = "Multi-factor enrollment required";

    @Test
    void aReviewerWithoutMfaMayOnlyReadMeEnrolAndLogOut() {
        Account reviewer = accounts().signedIn("reviewer");
        Api api = api().as(reviewer.token());

        assertEquals(200, api.get("/api/users/me").status());
        for (ApiResponse refused : List.of(changePassword(api), mfa().challenge(reviewer.token(), "123456"),
                mfa().disable(reviewer.token(), "123456"))) {
            assertEquals(403, refused.status(), refused.body());
            assertEquals(ENROLLMENT_REQUIRED, refused.detail());
        }
        assertEquals(200, mfa().setup(reviewer.token()).status());
        assertEquals(204, api.postRaw("/api/users/logout", "application/json", "").status());
        assertEquals(401, api.get("/api/users/me").status());
    }

    @Test
    void aReviewerWhoEnrolledIsNoLongerHeldBack() {
        Enrolled reviewer = mfa().enrol(accounts().signedIn("reviewer"));

        ApiResponse answer = changePassword(api().as(reviewer.token()));

        assertEquals(400, answer.status(), "reaches the password check: " + answer.body());
    }

    @Test
    void otherRolesAreUnaffected() {
        Account analyst = accounts().signedIn("analyst");
        JsonObject me = api().as(analyst.token()).get("/api/users/me").json();
        assertFalse(me.getBoolean("mfa_enabled"));

        ApiResponse answer = changePassword(api().as(analyst.token()));

        assertEquals(400, answer.status(), "reaches the password check: " + answer.body());
        assertEquals(200, api().as(accounts().adminToken()).get("/api/users").status());
    }

    /** A password change with a wrong current password: refused by the gate (403) or by the check (400). */
    private static ApiResponse changePassword(Api api) {
        return api.post("/api/users/me/password", Json.createObjectBuilder()
                .add("current_password", "not the current password").add("new_password", "another fine password 8").build());
    }

    private MfaClient mfa() {
        return new MfaClient(api());
    }
}
