package org.docex.errors;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.docex.persistence.DatabaseOutage;

/**
 * Anything unforeseen: the stack trace goes to the log under an incident id, the client gets
 * a generic 500 with that id so the two can be matched, and nothing of the internals. A failure
 * that only means the database is out of reach for now, whichever layer wrapped it, answers 503
 * with {@code Retry-After}: the same request succeeds once the database is back.
 */
@Provider
public class UnexpectedExceptionMapper implements ExceptionMapper<Throwable> {

    private static final Logger LOG = Logger.getLogger(UnexpectedExceptionMapper.class.getName());

    @Override
    public Response toResponse(Throwable exception) {
        String outage = DatabaseOutage.driverReason(exception);
        if (outage != null) {
            LOG.warning(() -> "Answered 503, the database is unavailable: " + outage);
            return Response.fromResponse(ErrorResponse.of(503, DatabaseOutage.DETAIL))
                    .header(HttpHeaders.RETRY_AFTER, DatabaseOutage.RETRY_AFTER_SECONDS)
                    .build();
        }
        String incident = UUID.randomUUID().toString();
        LOG.log(Level.SEVERE, "Unexpected error, incident " + incident, exception);
        return ErrorResponse.of(500, "Internal server error (incident " + incident + ")");
    }
}
