package org.docex.mfa.boundary;

import org.docex.mfa.control.OtpAuthUrl;
import org.docex.mfa.control.PendingSetup;
import org.docex.mfa.control.QrCodeImage;

/** What an authenticator app needs: the secret, and the same as an otpauth URL and as its QR code. */
public record SetupResponse(String secret, String otpauthUrl, String qrCode) {

    static SetupResponse from(PendingSetup setup) {
        String url = OtpAuthUrl.of(setup.email(), setup.secret());
        return new SetupResponse(setup.secret(), url, QrCodeImage.dataUri(url));
    }
}
