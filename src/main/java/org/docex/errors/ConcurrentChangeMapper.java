package org.docex.errors;

import jakarta.persistence.OptimisticLockException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** A row changed by another request since it was read (its version no longer matches): 409, not a failure. */
@Provider
public class ConcurrentChangeMapper implements ExceptionMapper<OptimisticLockException> {

    static final String DETAIL = "The data was changed by someone else at the same time; reload and try again";

    @Override
    public Response toResponse(OptimisticLockException exception) {
        return ErrorResponse.of(409, DETAIL);
    }
}
