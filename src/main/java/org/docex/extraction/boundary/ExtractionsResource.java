package org.docex.extraction.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import org.docex.extraction.control.workflow.WorkflowFilter;
import org.docex.extraction.control.workflow.Workflows;
import org.docex.extraction.entity.Workflow;
import org.docex.paging.Page;
import org.docex.paging.PageRequest;
import org.docex.security.control.Caller;
import org.docex.users.entity.Role;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Extraction workflows: start one on a document, then poll it until it is extracted or failed. */
@Path("extractions")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({Role.ANALYST_NAME, Role.REVIEWER_NAME, Role.ADMIN_NAME})
@Tag(name = "Extraction workflows")
public class ExtractionsResource {

    @Inject
    Workflows workflows;

    @Inject
    Caller caller;

    @POST
    @Path("extract/workflow")
    @Consumes(MediaType.APPLICATION_JSON)
    @Transactional
    @Operation(summary = "Queue an extraction of a document (202); it runs in the background, poll the workflow",
            description = "template: generic (default) or invoice. fields: custom fields [{name, pattern?, label?, type?}]."
                    + " Unknown document: 404. Unknown template, invalid custom fields or no document_id: 422.")
    public Response start(@Valid @NotNull StartWorkflowRequest request) {
        Workflow workflow = workflows.start(request.documentId(), request.template(), request.customFields(), caller);
        return Response.accepted(WorkflowResponse.from(workflow, null))
                .location(UriBuilder.fromPath("/api/extractions/workflow/{id}").build(workflow.id()))
                .build();
    }

    @GET
    @Path("workflow/{id}")
    @Transactional
    @Operation(summary = "One workflow with its progress and, once extracted, its result")
    public WorkflowResponse get(@PathParam("id") String id) {
        Workflow workflow = workflows.get(id);
        return WorkflowResponse.from(workflow, workflows.resultOf(workflow).orElse(null));
    }

    @GET
    @Path("workflows")
    @Transactional
    @Operation(summary = "List workflows, newest first, optionally of one document and in one status",
            description = "List items carry result: null to stay small; get a workflow by id for its result."
                    + " A malformed document_id matches nothing; an unknown status answers 422.")
    public Page<WorkflowResponse> list(@QueryParam("document_id") String documentId, @QueryParam("status") String status,
                                       @QueryParam("offset") String offset, @QueryParam("limit") String limit) {
        PageRequest page = PageRequest.of(offset, limit);
        WorkflowFilter filter = WorkflowFilter.of(documentId, status);
        return page.page(workflows.list(filter, page.offset(), page.limit()).stream()
                .map(WorkflowResponse::summary).toList(), workflows.count(filter));
    }
}
