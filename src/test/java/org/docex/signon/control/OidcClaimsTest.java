package org.docex.signon.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jwt.JWTClaimsSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.docex.security.control.Role;
import org.junit.jupiter.api.Test;

/** What docex reads of a provider's claims, and the role map it is configured with. */
class OidcClaimsTest {

    @Test
    void theRoleMapPairsProviderValuesWithRolesAndRefusesAnythingElse() {
        assertEquals(Map.of("docex-analysts", Role.ANALYST, "/finance/approvers", Role.REVIEWER),
                OidcSettings.parse(" docex-analysts = analyst ,/finance/approvers=reviewer,"));
        assertEquals(Map.of(), OidcSettings.parse(""));
        IllegalStateException wrong = assertThrows(IllegalStateException.class, () -> OidcSettings.parse("finance=owner"));
        assertTrue(wrong.getMessage().contains("finance=owner"), wrong.getMessage());
        assertThrows(IllegalStateException.class, () -> OidcSettings.parse("=admin"));
        assertThrows(IllegalStateException.class, () -> OidcSettings.parse("no-role-given"));
    }

    @Test
    void theRolesClaimIsFoundAlongItsPathAsAStringOrAList() {
        Map<String, Object> claims = Map.of("roles", List.of("a", "b", 7), "realm_access", Map.of("roles", List.of("c")),
                "group", "d");
        assertEquals(List.of("a", "b"), OidcAccounts.values(claims, new String[] {"roles"}));
        assertEquals(List.of("c"), OidcAccounts.values(claims, new String[] {"realm_access", "roles"}));
        assertEquals(List.of("d"), OidcAccounts.values(claims, new String[] {"group"}));
        assertEquals(List.of(), OidcAccounts.values(claims, new String[] {"group", "deeper"}));
        assertEquals(List.of(), OidcAccounts.values(claims, new String[] {"missing"}));
    }

    @Test
    void anIdTokenIsToldFromAnAccessTokenByTheClaimsOnlyIdTokensCarry() {
        JWTClaimsSet access = new JWTClaimsSet.Builder().subject("s").claim("typ", "Bearer").claim("azp", "docex").build();
        assertFalse(ProviderTokens.isIdToken(access));
        assertTrue(ProviderTokens.isIdToken(new JWTClaimsSet.Builder(access).claim("typ", "ID").build()));
        assertTrue(ProviderTokens.isIdToken(new JWTClaimsSet.Builder().subject("s").claim("nonce", "n").build()));
        assertTrue(ProviderTokens.isIdToken(new JWTClaimsSet.Builder().subject("s").claim("at_hash", "h").build()));
        assertTrue(ProviderTokens.isIdToken(new JWTClaimsSet.Builder().subject("s").claim("c_hash", "h").build()));
    }

    @Test
    void anEMailAddressTheProviderSaysIsUnverifiedIsNone() {
        assertEquals(Optional.of("rita@example.com"), OidcAccounts.email(claims("Rita@Example.com", null)));
        assertEquals(Optional.of("rita@example.com"), OidcAccounts.email(claims("rita@example.com", true)));
        assertEquals(Optional.empty(), OidcAccounts.email(claims("rita@example.com", false)));
        assertEquals(Optional.empty(), OidcAccounts.email(claims(null, true)));
        assertEquals(Optional.empty(), OidcAccounts.email(claims(" ", true)));
    }

    private static JWTClaimsSet claims(String email, Boolean verified) {
        JWTClaimsSet.Builder builder = new JWTClaimsSet.Builder().subject("s");
        if (email != null) {
            builder.claim("email", email);
        }
        if (verified != null) {
            builder.claim("email_verified", verified);
        }
        return builder.build();
    }
}
