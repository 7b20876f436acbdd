package org.docex.http;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.docex.errors.ErrorResponse;

/**
 * Answers a body refused while an endpoint read it (an upload), closing the connection: the rest
 * of the body is never waited for.
 */
@Provider
public class RefusedBodyMapper implements ExceptionMapper<RefusedBodyException> {

    @Override
    public Response toResponse(RefusedBodyException exception) {
        return Response.status(exception.status())
                .header("Connection", "close")
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new ErrorResponse(exception.getMessage()))
                .build();
    }
}
