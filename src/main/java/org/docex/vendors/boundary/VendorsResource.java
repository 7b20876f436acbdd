package org.docex.vendors.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.docex.errors.UnprocessableException;
import org.docex.paging.Page;
import org.docex.paging.PageRequest;
import org.docex.security.control.CallerProducer;
import org.docex.security.control.Role;
import org.docex.security.control.SecurityEvents;
import org.docex.vendors.control.Vendors;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The vendor memory: what docex learned from committed reviews, per vendor. Everyone signed in
 * reads it; reviewers and admins make it forget.
 */
@Path("vendors")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({Role.ANALYST_NAME, Role.REVIEWER_NAME, Role.ADMIN_NAME})
@Tag(name = "Vendors")
public class VendorsResource {

    @Inject
    Vendors vendors;

    @Inject
    CallerProducer callers;

    @Inject
    SecurityEvents events;

    @GET
    @Transactional
    @Operation(summary = "Vendors learned from committed reviews, most recently learned first",
            description = "q: a part of the name or of an identifier (VAT id, IBAN, domain), ignoring case.")
    public Page<VendorResponse> list(@QueryParam("q") String q, @QueryParam("offset") String offset,
                                     @QueryParam("limit") String limit) {
        if (q != null && q.length() > Vendors.MAX_QUERY_LENGTH) {
            throw new UnprocessableException("q: at most " + Vendors.MAX_QUERY_LENGTH + " characters");
        }
        PageRequest page = PageRequest.of(offset, limit);
        return page.page(vendors.list(q, page.offset(), page.limit()).stream().map(VendorResponse::from).toList(),
                vendors.count(q));
    }

    @GET
    @Path("{id}")
    @Transactional
    @Operation(summary = "One vendor with its learned rules: each field, the workflow it was learned from, and how"
            + " often later reviews confirmed or corrected it")
    public VendorResponse.Detail get(@PathParam("id") String id) {
        return VendorResponse.withRules(vendors.get(id), vendors.rules(id));
    }

    @DELETE
    @Path("{id}/rules/{field}")
    @RolesAllowed({Role.REVIEWER_NAME, Role.ADMIN_NAME})
    @Operation(summary = "Forget the vendor's rule for one field (204); the next committed review may teach it again")
    public Response forgetRule(@PathParam("id") String id, @PathParam("field") String field) {
        vendors.forgetRule(id, field);
        events.success("vendor.rule_forgotten", "actor", callers.current().email(), "vendor", vendors.idOf(id).toString(),
                "field", field);
        return Response.noContent().build();
    }

    @DELETE
    @Path("{id}")
    @RolesAllowed({Role.REVIEWER_NAME, Role.ADMIN_NAME})
    @Operation(summary = "Forget the vendor and everything learned about it (204)")
    public Response forget(@PathParam("id") String id) {
        vendors.forget(id);
        events.success("vendor.forgotten", "actor", callers.current().email(), "vendor", vendors.idOf(id).toString());
        return Response.noContent().build();
    }
}
