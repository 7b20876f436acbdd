package org.docex.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.Set;
import java.util.UUID;
import org.docex.errors.PermissionDeniedException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MfaPolicyTest {

    @Test
    void theRolesAreReadWithSpacesAndEmptyEntries() {
        assertEquals(Set.of("reviewer", "admin"), MfaPolicy.rolesThatMustEnrol(" reviewer , admin,,"));
        assertEquals(Set.of(), MfaPolicy.rolesThatMustEnrol(" "));
    }

    /** A capital, a plural, a typo: each would have left the role it meant without a second factor. */
    @ParameterizedTest
    @ValueSource(strings = {"Reviewer", "reviewers", "admin,reveiwer", "ADMIN"})
    void anUnknownRoleStopsTheStart(String configured) {
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> MfaPolicy.rolesThatMustEnrol(configured));
        assertTrue(refused.getMessage().startsWith("DOCEX_MFA_REQUIRED_ROLES names an unknown role"), refused.getMessage());
        assertTrue(refused.getMessage().endsWith("refusing to start"), refused.getMessage());
    }

    @Test
    void aTokenBeforeTheChallengeReachesOnlyMarkedEndpointsAndNothingThatDocexDoesNotAnswer() throws Exception {
        MfaPolicy policy = policy("reviewer");
        Caller beforeChallenge = caller(Role.ADMIN, true, false);

        policy.admit(beforeChallenge, endpoint("markedBeforeMfa"));
        assertEquals(MfaPolicy.MFA_REQUIRED, assertThrows(PermissionDeniedException.class,
                () -> policy.admit(beforeChallenge, endpoint("unmarked"))).getMessage());
        assertThrows(PermissionDeniedException.class, () -> policy.admit(beforeChallenge, null));
        policy.admit(caller(Role.ADMIN, true, true), null);
    }

    @Test
    void aUserWhoMustEnrolReachesOnlyEnrolmentEndpointsAndNothingThatDocexDoesNotAnswer() throws Exception {
        MfaPolicy policy = policy("reviewer");
        Caller mustEnrol = caller(Role.REVIEWER, false, false);

        policy.admit(mustEnrol, endpoint("markedBeforeEnrollment"));
        assertEquals(MfaPolicy.ENROLLMENT_REQUIRED, assertThrows(PermissionDeniedException.class,
                () -> policy.admit(mustEnrol, endpoint("unmarked"))).getMessage());
        assertThrows(PermissionDeniedException.class, () -> policy.admit(mustEnrol, null));
        policy.admit(caller(Role.ANALYST, false, false), null);
    }

    private static MfaPolicy policy(String requiredRoles) {
        MfaPolicy policy = new MfaPolicy();
        policy.requiredRoles = requiredRoles;
        policy.readPolicy();
        return policy;
    }

    private static Caller caller(Role role, boolean mfaEnabled, boolean mfaVerified) {
        return new Caller(UUID.randomUUID(), role.id() + "@docex.test", role, mfaVerified, mfaEnabled, "session");
    }

    private static Method endpoint(String name) throws NoSuchMethodException {
        return Endpoints.class.getDeclaredMethod(name);
    }

    @SuppressWarnings("unused")
    private static final class Endpoints {

        @AllowedBeforeMfa
        void markedBeforeMfa() {
        }

        @AllowedBeforeEnrollment
        void markedBeforeEnrollment() {
        }

        void unmarked() {
        }
    }
}
