package org.docex.errors;

import jakarta.json.JsonException;
import jakarta.json.bind.JsonbException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * A request body that cannot be read as the JSON the endpoint takes (malformed JSON, or a value
 * of the wrong JSON type) answers 400; other processing failures are unexpected errors.
 */
@Provider
public class UnreadableBodyMapper implements ExceptionMapper<ProcessingException> {

    static final String DETAIL = "Malformed JSON request body";

    private final UnexpectedExceptionMapper unexpected = new UnexpectedExceptionMapper();

    @Override
    public Response toResponse(ProcessingException exception) {
        for (Throwable cause = exception; cause != null; cause = cause.getCause()) {
            if (cause instanceof JsonException || cause instanceof JsonbException) {
                return ErrorResponse.of(400, DETAIL);
            }
        }
        return unexpected.toResponse(exception);
    }
}
