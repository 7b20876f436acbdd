package org.docex.errors;

import jakarta.json.bind.JsonbException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Arrays;

/**
 * A JSON-B failure while reading a request body answers 400, as {@link UnreadableBodyMapper} does
 * when the Jakarta REST implementation wraps it; some implementations pass it on unwrapped. A
 * failure while writing a response stays an unexpected error.
 */
@Provider
public class MalformedJsonMapper implements ExceptionMapper<JsonbException> {

    private final UnexpectedExceptionMapper unexpected = new UnexpectedExceptionMapper();

    @Override
    public Response toResponse(JsonbException exception) {
        if (whileReading(exception)) {
            return ErrorResponse.of(400, UnreadableBodyMapper.DETAIL);
        }
        return unexpected.toResponse(exception);
    }

    static boolean whileReading(Throwable exception) {
        return Arrays.stream(exception.getStackTrace()).anyMatch(frame -> frame.getMethodName().equals("fromJson"));
    }
}
