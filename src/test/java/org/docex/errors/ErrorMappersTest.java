package org.docex.errors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.ForbiddenException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotAuthorizedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.core.Response;
import org.junit.jupiter.api.Test;

class ErrorMappersTest {

    private final WebApplicationExceptionMapper mapper = new WebApplicationExceptionMapper();

    @Test
    void ourMessagesAreKept() {
        Response answer = mapper.toResponse(new NotFoundException("Document not found"));
        assertEquals(404, answer.getStatus());
        assertEquals(new ErrorResponse("Document not found"), answer.getEntity());
    }

    @Test
    void defaultContainerWordingIsReplaced() {
        assertEquals(new ErrorResponse("Not found"), mapper.toResponse(fromTheContainer(new NotFoundException())).getEntity());
        Response notAllowed = mapper.toResponse(fromTheContainer(new NotAllowedException("GET")));
        assertEquals(new ErrorResponse("Method not allowed"), notAllowed.getEntity());
        assertEquals("GET", notAllowed.getHeaderString("Allow"));
    }

    @Test
    void implementationMessageIdsAndUrlsNeverReachTheClient() {
        Response answer = mapper.toResponse(fromTheContainer(new NotFoundException(
                "RESTEASY003210: Could not find resource for full path: http://localhost:9080/api/nope")));
        assertEquals(404, answer.getStatus());
        assertEquals(new ErrorResponse("Not found"), answer.getEntity());
        assertEquals(new ErrorResponse("Unsupported media type"), mapper.toResponse(fromTheContainer(
                new jakarta.ws.rs.NotSupportedException("RESTEASY003065: Cannot consume content type"))).getEntity());
    }

    @Test
    void theServersOwnSecurityMessagesBecomeTheContractsWording() {
        Response unauthenticated = mapper.toResponse(fromTheContainer(new NotAuthorizedException("Authentication not done", "Bearer")));
        assertEquals(new ErrorResponse("Not authenticated"), unauthenticated.getEntity());
        assertTrue(unauthenticated.getHeaderString("WWW-Authenticate").startsWith("Bearer"));
        assertEquals(new ErrorResponse("Not enough permissions"),
                mapper.toResponse(fromTheContainer(new ForbiddenException("Caller not in role"))).getEntity());
        assertEquals(new ErrorResponse("Only reviewers can commit or reject"),
                mapper.toResponse(new PermissionDeniedException("Only reviewers can commit or reject")).getEntity());
    }

    /** The exception as the Jakarta REST implementation raises it: created outside docex's code. */
    private static <T extends Throwable> T fromTheContainer(T exception) {
        exception.setStackTrace(new StackTraceElement[] {
                new StackTraceElement("org.jboss.resteasy.core.registry.SegmentNode", "match", null, -1)});
        return exception;
    }

    @Test
    void tooManyRequestsKeepsRetryAfterAndTooLargeClosesTheConnection() {
        Response tooLarge = mapper.toResponse(new PayloadTooLargeException("too big"));
        assertEquals(413, tooLarge.getStatus());
        assertEquals("close", tooLarge.getHeaderString("Connection"));
    }

    @Test
    void unexpectedErrorsRevealNothingOfTheInternals() {
        Response answer = new UnexpectedExceptionMapper().toResponse(
                new IllegalStateException("SELECT * FROM app_user at org.docex.Secret"));
        assertEquals(500, answer.getStatus());
        String detail = ((ErrorResponse) answer.getEntity()).detail();
        assertTrue(detail.startsWith("Internal server error (incident "), detail);
        assertFalse(detail.contains("SELECT") || detail.contains("IllegalStateException") || detail.contains("org.docex"));
    }

    @Test
    void aDatabaseOutageHoweverWrappedAnswers503WithRetryAfterAndNoInternals() {
        java.sql.SQLException refused = new java.sql.SQLException(
                "Connection to db.internal:5432 refused. Check that the hostname and port are correct", "08001");
        RuntimeException wrapped = new jakarta.persistence.PersistenceException("Exception [EclipseLink-4002]",
                new IllegalStateException("Error in allocating a connection", refused));

        Response answer = new UnexpectedExceptionMapper().toResponse(wrapped);

        assertEquals(503, answer.getStatus());
        assertEquals("5", answer.getHeaderString("Retry-After"));
        assertEquals(new ErrorResponse("The database is unavailable at the moment; try again shortly"), answer.getEntity());
    }

    @Test
    void snakeCaseFieldNamesInValidationMessages() {
        assertEquals("current_password", ConstraintViolationMapper.snakeCase("currentPassword"));
        assertEquals("email", ConstraintViolationMapper.snakeCase("email"));
    }

    @Test
    void aConcurrentChangeIsAConflict() {
        Response answer = new ConcurrentChangeMapper().toResponse(new jakarta.persistence.OptimisticLockException("row 7"));
        assertEquals(409, answer.getStatus());
        assertEquals(new ErrorResponse(ConcurrentChangeMapper.DETAIL), answer.getEntity());
    }
}
