package org.docex.mfa.boundary;

import org.docex.errors.UnprocessableException;

/**
 * A six-digit TOTP code, or (where the endpoint takes one) a recovery code. Checked by
 * {@link #required} rather than by Bean Validation annotations: on a record component those
 * also land on the constructor parameter, where an OpenAPI generator of one server fails on them.
 */
public record CodeRequest(String code) {

    static final int MAX_LENGTH = 64;

    /** The code, or 422 when the body or the code is missing, blank or too long. */
    static String required(CodeRequest request) {
        if (request == null || request.code() == null || request.code().isBlank()) {
            throw new UnprocessableException("code: field required");
        }
        if (request.code().length() > MAX_LENGTH) {
            throw new UnprocessableException("code: at most " + MAX_LENGTH + " characters");
        }
        return request.code();
    }
}
