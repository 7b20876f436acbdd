package org.docex.errors;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** The body of every error answer: {@code {"detail": "..."}}. */
public record ErrorResponse(String detail) {

    static Response of(int status, String detail) {
        return Response.status(status)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new ErrorResponse(detail))
                .build();
    }
}
