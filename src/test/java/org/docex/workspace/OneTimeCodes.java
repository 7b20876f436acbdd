package org.docex.workspace;

import java.time.Instant;
import org.docex.mfa.control.TotpVerifier;

/** TOTP codes as an authenticator app shows them, made far enough from a step's end that the server sees that step. */
final class OneTimeCodes {

    private static final TotpVerifier AUTHENTICATOR = new TotpVerifier();
    private static final long SAFETY_MILLIS = 2500;

    private OneTimeCodes() {
    }

    static String code(String secret, int stepsFromNow) {
        long step = TotpVerifier.STEP.toMillis();
        long left = step - Math.floorMod(System.currentTimeMillis(), step);
        if (left < SAFETY_MILLIS) {
            try {
                Thread.sleep(left + 100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        return AUTHENTICATOR.codeAt(secret, Instant.now().plus(TotpVerifier.STEP.multipliedBy(stepsFromNow)));
    }
}
