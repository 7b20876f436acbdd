package org.docex.security.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class MfaGateTest {

    @Test
    void theRolesAreReadWithSpacesAndEmptyEntries() {
        assertEquals(Set.of("reviewer", "admin"), MfaGate.rolesThatMustEnrol(" reviewer , admin,,"));
        assertEquals(Set.of(), MfaGate.rolesThatMustEnrol(" "));
    }

    /** A capital, a plural, a typo: each would have left the role it meant without a second factor. */
    @ParameterizedTest
    @ValueSource(strings = {"Reviewer", "reviewers", "admin,reveiwer", "ADMIN"})
    void anUnknownRoleStopsTheStart(String configured) {
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> MfaGate.rolesThatMustEnrol(configured));
        assertTrue(refused.getMessage().startsWith("DOCEX_MFA_REQUIRED_ROLES names an unknown role"), refused.getMessage());
        assertTrue(refused.getMessage().endsWith("refusing to start"), refused.getMessage());
    }
}
