package org.docex.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TokenPrincipalTest {

    private final Caller caller = new Caller(UUID.randomUUID(), "ana@example.com", Role.ANALYST, false, false, "session-1");

    @Test
    void theSameTokenMakesEqualPrincipalsSoTheContainerReusesItsAuthorizationCacheEntry() {
        TokenPrincipal first = new TokenPrincipal(caller, "header.payload.signature");
        TokenPrincipal second = new TokenPrincipal(caller, "header.payload.signature");

        assertEquals(first, second);
        assertEquals(first.hashCode(), second.hashCode());
        assertEquals(Set.of(first), Set.of(second));
    }

    @Test
    void anotherTokenOrAnotherCallerIsAnotherPrincipal() {
        TokenPrincipal principal = new TokenPrincipal(caller, "header.payload.signature");

        assertNotEquals(principal, new TokenPrincipal(caller, "header.payload.other"));
        Caller promoted = new Caller(caller.userId(), caller.email(), Role.REVIEWER, false, false, "session-1");
        assertNotEquals(principal, new TokenPrincipal(promoted, "header.payload.signature"));
    }
}
