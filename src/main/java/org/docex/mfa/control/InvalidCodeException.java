package org.docex.mfa.control;

import jakarta.ws.rs.BadRequestException;

/** 400: the code is not a valid TOTP code for an unused step, nor an unused recovery code. */
public class InvalidCodeException extends BadRequestException {

    public static final String DETAIL = "Invalid code";

    public InvalidCodeException() {
        super(DETAIL);
    }
}
