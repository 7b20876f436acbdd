package org.docex.webhooks.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import java.util.Optional;
import org.docex.errors.UnprocessableException;
import org.docex.paging.Page;
import org.docex.paging.PageRequest;
import org.docex.security.control.CallerProducer;
import org.docex.security.control.Role;
import org.docex.security.control.SecurityEvents;
import org.docex.webhooks.control.Subscriptions;
import org.docex.webhooks.entity.Delivery;
import org.docex.webhooks.entity.DeliveryStatus;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Webhook subscriptions and their deliveries (admins). A subscription's secret is shown only when it
 * is created and when it is replaced; events are signed with it as Standard Webhooks says.
 */
@Path("webhooks")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(Role.ADMIN_NAME)
@Tag(name = "Webhooks")
public class WebhooksResource {

    @Inject
    Subscriptions subscriptions;

    /** Application-scoped: one instance serves every request, so the caller is looked up per call. */
    @Inject
    CallerProducer callers;

    @Inject
    SecurityEvents events;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Subscribe a URL to events (201); the answer holds the signing secret, shown only here",
            description = "url: http or https, not resolving to a loopback, private, link-local or multicast address (422)."
                    + " events: names, or [\"*\"] for all. A workflow.extracted event's data carries failed_checks:"
                    + " [{name, detail}] of the result's checks that failed (print_matches_xml.iban: the print of an e-invoice"
                    + " names another IBAN than its XML).")
    public Response create(@NotNull SubscriptionRequest request) {
        Subscriptions.Created created = subscriptions.create(request.url(), request.events(), request.description(),
                callers.current().email());
        return Response.created(UriBuilder.fromPath("webhooks/{id}").build(created.subscription().id()))
                .entity(SubscriptionResponse.withSecret(created.subscription(), created.secret()))
                .build();
    }

    @GET
    @Transactional
    @Operation(summary = "List webhook subscriptions, oldest first")
    public Page<SubscriptionResponse> list(@QueryParam("offset") String offset, @QueryParam("limit") String limit) {
        PageRequest page = PageRequest.of(offset, limit);
        return page.page(subscriptions.list(page.offset(), page.limit()).stream().map(SubscriptionResponse::from).toList(),
                subscriptions.count());
    }

    @GET
    @Path("{id}")
    @Operation(summary = "One webhook subscription")
    public SubscriptionResponse get(@PathParam("id") String id) {
        return SubscriptionResponse.from(subscriptions.get(id));
    }

    @PATCH
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Change a subscription's url, events, active flag or description; only what is given changes")
    public SubscriptionResponse update(@PathParam("id") String id, @NotNull SubscriptionRequest request) {
        return SubscriptionResponse.from(subscriptions.update(id, request.url(), request.events(), request.active(),
                request.description()));
    }

    @DELETE
    @Path("{id}")
    @Operation(summary = "Delete a subscription with its deliveries (204)")
    public Response delete(@PathParam("id") String id) {
        subscriptions.delete(id);
        return Response.noContent().build();
    }

    @POST
    @Path("{id}/rotate-secret")
    @Operation(summary = "Replace the signing secret; the answer holds the new one, shown only here")
    public SubscriptionResponse rotateSecret(@PathParam("id") String id) {
        Subscriptions.Created rotated = subscriptions.rotateSecret(id);
        events.success("webhook.secret_rotated", "actor", callers.current().email(),
                "webhook", rotated.subscription().id().toString());
        return SubscriptionResponse.withSecret(rotated.subscription(), rotated.secret());
    }

    @POST
    @Path("{id}/test")
    @Operation(summary = "Send a webhook.test event to this subscription (202); its delivery shows how it went")
    public Response test(@PathParam("id") String id) {
        Delivery delivery = subscriptions.test(id);
        return Response.accepted(DeliveryResponse.from(delivery)).build();
    }

    @GET
    @Path("{id}/deliveries")
    @Transactional
    @Operation(summary = "The subscription's deliveries, newest first; status: pending, succeeded or failed")
    public Page<DeliveryResponse> deliveries(@PathParam("id") String id, @QueryParam("status") String status,
                                             @QueryParam("offset") String offset, @QueryParam("limit") String limit) {
        Optional<DeliveryStatus> wanted = Optional.ofNullable(status).filter(value -> !value.isBlank()).map(value ->
                DeliveryStatus.named(value.strip()).orElseThrow(() ->
                        new UnprocessableException("status must be pending, succeeded or failed")));
        PageRequest page = PageRequest.of(offset, limit);
        return page.page(subscriptions.deliveries(id, wanted, page.offset(), page.limit()).stream()
                .map(DeliveryResponse::from).toList(), subscriptions.countDeliveries(id, wanted));
    }

    @POST
    @Path("{id}/deliveries/{delivery_id}/retry")
    @Operation(summary = "Send a delivery again now (202), whatever became of it; 409 while it is being sent")
    public Response retry(@PathParam("id") String id, @PathParam("delivery_id") String deliveryId) {
        return Response.accepted(DeliveryResponse.from(subscriptions.retry(id, deliveryId))).build();
    }
}
