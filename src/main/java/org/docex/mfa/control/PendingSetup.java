package org.docex.mfa.control;

/** A TOTP secret in plain text, handed out once at setup for the user's authenticator app. */
public record PendingSetup(String email, String secret) {

    @Override
    public String toString() {
        return "PendingSetup[email=" + email + ", secret=(hidden)]";
    }
}
