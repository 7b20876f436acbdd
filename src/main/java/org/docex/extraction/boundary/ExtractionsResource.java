package org.docex.extraction.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.transaction.Transactional;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Map;
import org.docex.documents.control.ContentDisposition;
import org.docex.documents.control.PageImages;
import org.docex.errors.ConflictException;
import org.docex.extraction.control.queue.QueueFilter;
import org.docex.extraction.control.queue.QueueSort;
import org.docex.extraction.control.queue.QueueTerms;
import org.docex.extraction.control.queue.WorkQueue;
import org.docex.extraction.control.review.AuditTrail;
import org.docex.extraction.control.review.CsvExport;
import org.docex.extraction.control.review.ExportFormat;
import org.docex.extraction.control.review.ReviewCommand;
import org.docex.extraction.control.review.WorkflowReviews;
import org.docex.extraction.control.workflow.ResultJson;
import org.docex.extraction.control.workflow.Workflows;
import org.docex.extraction.entity.FieldChange;
import org.docex.extraction.entity.Reviewer;
import org.docex.extraction.entity.Workflow;
import org.docex.paging.Page;
import org.docex.paging.PageRequest;
import org.docex.security.control.Caller;
import org.docex.security.control.CallerProducer;
import org.docex.security.control.Role;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Extraction workflows: start one on a document, poll it until it is extracted or failed, review
 * it and export what was committed. Review and export live here rather than in a resource of
 * their own: a root resource at {@code extractions/workflow/{id}} would take every request below
 * it away from this one.
 */
@Path("extractions")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({Role.ANALYST_NAME, Role.REVIEWER_NAME, Role.ADMIN_NAME})
@Tag(name = "Extraction workflows")
public class ExtractionsResource {

    @Inject
    Workflows workflows;

    @Inject
    WorkflowReviews reviews;

    @Inject
    WorkQueue queue;

    @Inject
    AuditTrail trail;

    /** Application-scoped: one instance serves every request, so the caller is looked up per call. */
    @Inject
    CallerProducer callers;

    @POST
    @Path("extract/workflow")
    @Consumes(MediaType.APPLICATION_JSON)
    @Transactional
    @Operation(summary = "Queue an extraction of a document (202); it runs in the background, poll the workflow",
            description = "template: generic (default) or invoice. fields: custom fields [{name, pattern?, label?, type?}]."
                    + " ocr: auto (default: pages without a text layer), always or never."
                    + " Unknown document: 404. Unknown template or ocr option, invalid custom fields or no document_id: 422."
                    + " The caller already has DOCEX_MAX_QUEUED_PER_USER (default 200) workflows queued: 429 with Retry-After."
                    + " Queued workflows are claimed by users in turn, each user's oldest first.")
    public Response start(@Valid @NotNull StartWorkflowRequest request, @Context UriInfo uri) {
        Workflow workflow = workflows.start(request.documentId(), request.template(), request.customFields(), request.ocr(),
                callers.current());
        return Response.accepted(WorkflowResponse.from(workflow, null, new WorkflowResponse.Trail(List.of(), 0, trailUrl(workflow, uri))))
                .location(UriBuilder.fromPath("extractions/workflow/{id}").build(workflow.id()))
                .build();
    }

    @GET
    @Path("workflow/{id}")
    @Transactional
    @Operation(summary = "One workflow with its progress and, once extracted, its result",
            description = "reviews holds the latest " + AuditTrail.LATEST + " entries of the audit trail, oldest first;"
                    + " reviews_total counts them all and reviews_url pages through them. result.checks holds"
                    + " {name, status: ok | mismatch | unavailable, detail}: the invoice's arithmetic, its IBAN's and VAT id's"
                    + " check digits and, for a PDF carrying an e-invoice, print_matches_xml.<field> (iban, invoice_number,"
                    + " invoice_date, total_amount, vendor_vat_id): whether the print shows the XML's value, and EN 16931's"
                    + " rules by rule id (BR-CO-15, ...). result.metadata.e_invoice is null or {format, syntax: CII | UBL,"
                    + " profile, specification_id, document_type: invoice | credit_note | corrected_invoice |"
                    + " self_billed_invoice | prepayment_invoice | partial_invoice | debit_note, type_code}.")
    public WorkflowResponse get(@PathParam("id") String id, @Context UriInfo uri) {
        return full(workflows.get(id), uri);
    }

    @GET
    @Path("workflow/{id}/reviews")
    @Transactional
    @Operation(summary = "The audit trail of a workflow, oldest first, a page at a time",
            description = "Items as in a workflow's reviews: {action, by, role, at, comment, changes: [{field, from, to,"
                    + " truncated}]}; the trail keeps at most " + FieldChange.MAX_VALUE_LENGTH + " characters of each"
                    + " value, and truncated says that from or to was cut there. offset (default 0), limit (default 50,"
                    + " at most 200). Unknown workflow: 404.")
    public Page<WorkflowResponse.Review> reviewTrail(@PathParam("id") String id, @QueryParam("offset") String offset,
                                                 @QueryParam("limit") String limit) {
        PageRequest page = PageRequest.of(offset, limit);
        Workflow workflow = workflows.get(id);
        return page.page(trail.page(workflow.id(), page.offset(), page.limit()).stream()
                .map(WorkflowResponse.Review::from).toList(), trail.count(workflow.id()));
    }

    @GET
    @Path("workflow/{id}/pages/{number}")
    @Transactional
    @Operation(summary = "One page of a workflow's result: its size, where its text came from (text_layer, ocr or"
            + " none), the text, and its lines in reading order with boxes and confidences",
            description = "Unknown workflow or page: 404. A workflow without a result yet (queued, running, failed): 409.")
    public JsonObject page(@PathParam("id") String id, @PathParam("number") String number) {
        Workflow workflow = workflows.get(id);
        if (!workflow.status().hasResult()) {
            throw new ConflictException("The workflow has no result yet");
        }
        return workflows.pageOf(workflow, PageImages.pageNumber(number, Integer.MAX_VALUE))
                .map(ResultJson::read)
                .orElseThrow(() -> new NotFoundException("Page not found"));
    }

    @GET
    @Path("workflows")
    @Transactional
    @Operation(summary = "The work queue: workflows with their key values, filtered, searched, sorted and counted per status",
            description = "Filters (all optional, combined): document_id; status; needs_review=true (extracted or in_review) or"
                    + " false (any other status); vendor (each of its words begins a word of the vendor's name, ignoring case and accents);"
                    + " q (each word, " + QueueTerms.MAX_QUERY_WORDS + " at most, begins a word of the document's text or of a"
                    + " field's value, ignoring case, accents and punctuation: \"RE-2026\" finds RE-2026/0042, 1234.56 finds"
                    + " 1.234,56; words under two characters are ignored; at most " + QueueFilter.MAX_QUERY + " characters);"
                    + " has_failed_checks=true|false; from and to (YYYY-MM-DD, inclusive) on the invoice date. sort: created_at,"
                    + " invoice_date, due_date, total_amount, vendor_name or min_confidence, with a leading - for descending"
                    + " (default -created_at); workflows without the value come last, ties newest first. Each item carries"
                    + " summary {vendor_name, invoice_number, invoice_date, due_date, total_amount, currency, min_confidence,"
                    + " failed_checks} (null until extracted; the values as they stand: committed, else the draft, else"
                    + " extracted) and result, draft, committed and reviews null to stay small. counts: for every status, how"
                    + " many workflows match the other filters (status and needs_review left out). A malformed document_id"
                    + " matches nothing; any other malformed filter or an unknown sort answers 422 naming it.")
    public WorkflowList list(@QueryParam("document_id") String documentId, @QueryParam("status") String status,
                             @QueryParam("needs_review") String needsReview, @QueryParam("vendor") String vendor,
                             @QueryParam("q") String q, @QueryParam("has_failed_checks") String hasFailedChecks,
                             @QueryParam("from") String from, @QueryParam("to") String to, @QueryParam("sort") String sort,
                             @QueryParam("offset") String offset, @QueryParam("limit") String limit) {
        PageRequest page = PageRequest.of(offset, limit);
        QueueFilter filter = QueueFilter.of(new QueueFilter.Parameters(documentId, status, needsReview, vendor, q,
                hasFailedChecks, from, to));
        QueueSort order = QueueSort.of(sort);
        List<WorkflowResponse> items = queue.list(filter, order, page.offset(), page.limit()).stream()
                .map(WorkflowResponse::summary).toList();
        Map<String, Long> counts = queue.countsByStatus(filter);
        return new WorkflowList(items, WorkQueue.total(filter, counts), true, page.offset(), page.limit(), counts);
    }

    @POST
    @Path("workflow/{id}/review")
    @Consumes(MediaType.APPLICATION_JSON)
    @Transactional
    @Operation(summary = "Review an extracted workflow: save a draft of its fields, commit them or reject it",
            description = "Body {action, fields?, comment?, version?}. action: save_draft (any role), commit, reject or"
                    + " reopen (reviewer, admin; an analyst gets 403). reopen takes a rejected workflow back into review"
                    + " (comment required, fields ignored; anything but a rejected workflow: 409). fields: {name: string | null} merged over the draft, or over"
                    + " the extracted values (the most confident value of each name) when there is none; null removes a"
                    + " field. Names 1..100 characters, values up to 10,000, at most 1,000 fields per request and in a"
                    + " draft. A value must fit its field's type (the extraction's, else the invoice template's for the name):"
                    + " money and numbers plain decimals (1234.50), dates ISO 8601, IBANs with valid check digits, one e-mail"
                    + " address; else 422 naming the fields."
                    + " reject needs a comment (up to 2,000 characters) and ignores fields. version: when given and"
                    + " not the current one, 409. Not extracted yet, committed or rejected: 409. Other properties are"
                    + " ignored. With DOCEX_REVIEW_FOUR_EYES=true nobody commits a workflow of which they saved a draft (403).")
    public WorkflowResponse review(@PathParam("id") String id, String body, @Context UriInfo uri) {
        ReviewCommand command = ReviewCommand.parse(body);
        return full(reviews.review(id, command, reviewer()), uri);
    }

    @GET
    @Path("workflow/{id}/export")
    @Produces({MediaType.APPLICATION_JSON, CsvExport.MEDIA_TYPE})
    @Transactional
    @Operation(summary = "The committed fields of a workflow as JSON (default) or CSV (format=csv)",
            description = "CSV: header field,value, RFC 4180 quoting, cells that start like a spreadsheet formula"
                    + " (= + - @ tab CR, except plain numbers) prefixed with a single quote. Not committed: 409."
                    + " A format other than json or csv: 422.")
    public Response export(@PathParam("id") String id, @QueryParam("format") String format) {
        ExportFormat chosen = ExportFormat.named(format);
        Workflow workflow = reviews.committed(id);
        if (chosen == ExportFormat.CSV) {
            return Response.ok(CsvExport.of(workflow.committed().orElseThrow().fields()), CsvExport.MEDIA_TYPE)
                    .header("Content-Disposition", ContentDisposition.attachment("workflow-" + workflow.id() + ".csv"))
                    .build();
        }
        return Response.ok(ExportResponse.from(workflow), MediaType.APPLICATION_JSON_TYPE).build();
    }

    private WorkflowResponse full(Workflow workflow, UriInfo uri) {
        return WorkflowResponse.from(workflow, workflows.resultOf(workflow).orElse(null),
                new WorkflowResponse.Trail(trail.latest(workflow.id()), trail.count(workflow.id()), trailUrl(workflow, uri)));
    }

    private static String trailUrl(Workflow workflow, UriInfo uri) {
        return uri.getBaseUriBuilder().path("extractions/workflow/{id}/reviews").build(workflow.id()).getRawPath();
    }

    private Reviewer reviewer() {
        Caller caller = callers.current();
        return new Reviewer(caller.userId(), caller.email(), caller.role());
    }
}
