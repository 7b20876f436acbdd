package org.docex.errors;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Path;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Comparator;
import java.util.stream.Collectors;

/** Bean Validation failures answer 422 and name the offending fields. */
@Provider
public class ConstraintViolationMapper implements ExceptionMapper<ConstraintViolationException> {

    static final int UNPROCESSABLE = 422;

    @Override
    public Response toResponse(ConstraintViolationException exception) {
        String detail = exception.getConstraintViolations().stream()
                .map(ConstraintViolationMapper::describe)
                .sorted(Comparator.naturalOrder())
                .distinct()
                .collect(Collectors.joining("; "));
        return ErrorResponse.of(UNPROCESSABLE, detail.isEmpty() ? "Invalid request" : detail);
    }

    private static String describe(ConstraintViolation<?> violation) {
        String field = leafName(violation.getPropertyPath());
        return field == null ? violation.getMessage() : field + ": " + violation.getMessage();
    }

    /**
     * The last named node of the path, in snake_case as the client wrote it; method and
     * parameter nodes ({@code create.arg0}) mean the body itself was missing.
     */
    private static String leafName(Path path) {
        String name = null;
        for (Path.Node node : path) {
            switch (node.getKind()) {
                case PROPERTY, CONTAINER_ELEMENT -> name = node.getName();
                case PARAMETER -> name = "body";
                default -> { }
            }
        }
        return name == null ? null : snakeCase(name);
    }

    static String snakeCase(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
    }
}
