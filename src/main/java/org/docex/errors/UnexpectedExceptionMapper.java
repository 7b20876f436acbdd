package org.docex.errors;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Anything unforeseen: the stack trace goes to the log under an incident id, the client gets
 * a generic 500 with that id so the two can be matched, and nothing of the internals.
 */
@Provider
public class UnexpectedExceptionMapper implements ExceptionMapper<Throwable> {

    private static final Logger LOG = Logger.getLogger(UnexpectedExceptionMapper.class.getName());

    @Override
    public Response toResponse(Throwable exception) {
        String incident = UUID.randomUUID().toString();
        LOG.log(Level.SEVERE, "Unexpected error, incident " + incident, exception);
        return ErrorResponse.of(500, "Internal server error (incident " + incident + ")");
    }
}
