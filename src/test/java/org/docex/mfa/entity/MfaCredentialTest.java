package org.docex.mfa.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class MfaCredentialTest {

    @Test
    void aNewSetupReplacesThePendingSecret() {
        MfaCredential credential = fresh();
        credential.replacePending("first");
        credential.replacePending("second");

        assertEquals(Optional.of("second"), credential.pendingSecret());
        assertTrue(credential.activeSecret().isEmpty());
    }

    @Test
    void activatingMovesThePendingSecretToActive() {
        MfaCredential credential = fresh();
        credential.replacePending("secret");
        credential.activatePending();

        assertEquals(Optional.of("secret"), credential.activeSecret());
        assertTrue(credential.pendingSecret().isEmpty());
    }

    @Test
    void nothingToActivateWithoutASetup() {
        assertThrows(IllegalStateException.class, fresh()::activatePending);
    }

    @Test
    void noNewSetupWhileASecretIsActive() {
        MfaCredential credential = fresh();
        credential.replacePending("secret");
        credential.activatePending();

        assertThrows(IllegalStateException.class, () -> credential.replacePending("another"));
        assertEquals(Optional.of("secret"), credential.activeSecret());
    }

    private static MfaCredential fresh() {
        return new MfaCredential(UUID.randomUUID());
    }
}
