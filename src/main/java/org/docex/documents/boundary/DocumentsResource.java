package org.docex.documents.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.core.UriBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.docex.documents.boundary.MultipartFormReader.Part;
import org.docex.documents.control.BatchSplitter;
import org.docex.documents.control.ContentDisposition;
import org.docex.documents.control.DocumentCatalog;
import org.docex.documents.control.DocumentCatalog.LatestWorkflow;
import org.docex.documents.control.DocumentQuery;
import org.docex.documents.control.DocumentRemoval;
import org.docex.documents.control.DocumentSource;
import org.docex.documents.control.DocumentUploads;
import org.docex.documents.control.FileStore;
import org.docex.documents.control.PageImages;
import org.docex.documents.control.SplitMode;
import org.docex.documents.entity.Document;
import org.docex.errors.UnprocessableException;
import org.docex.http.WorkPermits;
import org.docex.paging.Page;
import org.docex.paging.PageRequest;
import org.docex.security.control.Caller;
import org.docex.security.control.CallerProducer;
import org.docex.security.control.Role;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Uploading, finding, downloading, rendering and deleting documents. */
@Path("documents")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({Role.ANALYST_NAME, Role.REVIEWER_NAME, Role.ADMIN_NAME})
@Tag(name = "Documents")
public class DocumentsResource {

    /** A document's bytes and renders stay out of browser and proxy caches, where they would outlive the sign-out. */
    static final String NOT_STORED = "no-store";

    @Inject
    DocumentUploads uploads;

    @Inject
    DocumentCatalog catalog;

    @Inject
    DocumentRemoval removal;

    /** Application-scoped: one instance serves every request, so the caller is looked up per call. */
    @Inject
    CallerProducer callers;

    @Inject
    FileStore files;

    @Inject
    PageImages images;

    @POST
    @Path("upload")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Operation(summary = "Upload a PDF, an XML e-invoice or an image (JPEG, PNG, TIFF) as the multipart part 'file' (at most"
            + " DOCEX_MAX_UPLOAD_BYTES, default 50 MiB; an XML e-invoice at most 4 MiB)",
            description = "What a file is, is read from its content, never from its name. An XML e-invoice (UN/CEFACT CII"
                    + " incl. Factur-X, ZUGFeRD 1.0 and 2 and XRechnung; UBL 2.1 Invoice or CreditNote) is kept as it came"
                    + " (GET .../content, content_type application/xml) and docex renders it as the pages it works on and"
                    + " a reviewer looks at; its fields come from the XML with source \"xml\". Other XML: 415; XML with a"
                    + " DTD or an external entity, or not well-formed: 422. An image (content_type image/jpeg, image/png or"
                    + " image/tiff, a TIFF of many pages too) is kept as it came and made into an image-only PDF, a page per"
                    + " image at its resolution (300 dpi where it states none), upright by its EXIF orientation or OCR's orientation detection; OCR reads it."
                    + " More than DOCEX_MAX_IMAGE_PAGES pages or DOCEX_MAX_IMAGE_PIXELS pixels a page: 413, a damaged"
                    + " image: 422.")
    // Described in words: the servers' OpenAPI generators do not write a oneOf of two schemas.
    @APIResponse(responseCode = "201", description = "The document (a Document); with split=separator or suggest"
            + " {\"documents\": [Document, ...], \"proposed_splits\": [[1, 2], [3, 5]]}, the batch's documents in page order"
            + " and, with suggest, the ranges of the file as uploaded (its page numbers) proposed as invoices of their own;"
            + " each document carries its own proposals in its own page numbers (proposed_splits, GET .../splits)")
    public Response upload(InputStream body, @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                           @Parameter(description = "none (the default): one document; separator: a batch scan cut at"
                                   + " separator sheets and blank pages; suggest: as separator, and where a new invoice"
                                   + " seems to start within a part (a page whose invoice number, or else invoice date,"
                                   + " differs from the page before, or that says it is page 1 of several) docex proposes"
                                   + " a split for a person to confirm. A page without a text layer is read by OCR of its"
                                   + " upper half for it, about a second a page while the upload waits")
                           @QueryParam("split") String split) throws IOException {
        SplitMode mode = SplitMode.of(split)
                .orElseThrow(() -> new UnprocessableException("split: must be " + SplitMode.NAMES));
        // The body's size limit, the minimum rate and the refusals (413, 408) are the RequestGate's, in its reads.
        DocumentUploads.Batch batch;
        try {
            MultipartFormReader form = MultipartFormReader.of(body, contentType)
                    .orElseThrow(() -> new UnprocessableException("file: a multipart/form-data body with a boundary is required"));
            Part file = filePart(form);
            batch = mode != SplitMode.NONE
                    ? uploads.acceptBatch(file.content(), file.filename(), callers.current(), DocumentSource.UPLOAD, mode)
                    : new DocumentUploads.Batch(List.of(uploads.accept(file.content(), file.filename(), callers.current())),
                    List.of());
        } catch (MultipartFormReader.MalformedMultipartException e) {
            throw new UnprocessableException("file: the multipart body is malformed");
        }
        List<DocumentResponse> answers = answers(batch.documents());
        return created(batch.documents())
                .entity(mode != SplitMode.NONE ? new Batch(answers, pairs(batch.proposedSplits())) : answers.get(0)).build();
    }

    /** New documents as clients see them, each naming an earlier document with the same bytes. */
    private List<DocumentResponse> answers(List<Document> documents) {
        Map<UUID, UUID> duplicates = catalog.duplicatesOf(documents);
        return documents.stream().map(document -> DocumentResponse.from(document, null, duplicates.get(document.id()))).toList();
    }

    /** 201 with the first new document's address. */
    private static Response.ResponseBuilder created(List<Document> documents) {
        return Response.created(UriBuilder.fromPath("documents/{id}").build(documents.get(0).id()));
    }

    static List<List<Integer>> pairs(List<BatchSplitter.Pages> ranges) {
        return ranges.stream().map(BatchSplitter.Pages::pair).toList();
    }

    /**
     * An upload cut at separator sheets: its documents, and the page ranges of the file as uploaded proposed as
     * invoices of their own (only {@code split=suggest} proposes any).
     */
    public record Batch(List<DocumentResponse> documents, List<List<Integer>> proposedSplits) {
    }

    @GET
    @Path("{id}/splits")
    @Operation(summary = "Where a new invoice seems to start within the document: {\"proposed_splits\": [[1, 2], [3, 5]]},"
            + " ranges of its pages to confirm with POST .../splits; [] where it seems to be one invoice",
            description = "Recorded at an upload or intake with split=suggest; for any other document worked out at the"
                    + " first ask (its text layer, OCR of the upper half of pages without one; 429 while the server is busy)"
                    + " and recorded. Documents of more than 500 pages: 422.")
    public Proposals proposals(@PathParam("id") String id) throws IOException {
        return new Proposals(pairs(uploads.proposals(catalog.get(id))));
    }

    /** The page ranges proposed as invoices of their own. */
    public record Proposals(List<List<Integer>> proposedSplits) {
    }

    @GET
    @Path("list")
    @Operation(summary = "List documents: q matches file name or title (case-insensitive), sort is uploaded_at, "
            + "-uploaded_at (default), filename or -filename",
            description = "A search (q of three characters or more) in which every three-character piece of q is in "
                    + "more than 500 documents answers total_exact false: total is then an upper bound (the number of "
                    + "documents that contain one of the pieces), not a count of the matches. Every other list counts exactly.")
    @Transactional
    public Page<DocumentResponse> list(@QueryParam("offset") String offset, @QueryParam("limit") String limit,
                                       @QueryParam("q") String q, @QueryParam("sort") String sort) {
        PageRequest page = PageRequest.of(offset, limit);
        DocumentQuery query = DocumentQuery.of(q, sort);
        DocumentCatalog.Listed listed = catalog.list(query, page.offset(), page.limit());
        List<Document> documents = listed.documents();
        Map<UUID, LatestWorkflow> latest = catalog.latestWorkflows(documents.stream().map(Document::id).toList());
        Map<UUID, UUID> duplicates = catalog.duplicatesOf(documents);
        return page.page(documents.stream().map(d -> DocumentResponse.from(d, latest.get(d.id()), duplicates.get(d.id()))).toList(),
                listed.total(), listed.exact());
    }

    @GET
    @Path("{id}")
    @Operation(summary = "One document")
    public DocumentResponse get(@PathParam("id") String id) {
        DocumentCatalog.Viewed viewed = catalog.view(id);
        return DocumentResponse.from(viewed.document(), viewed.latestWorkflow(), viewed.duplicateOf());
    }

    @GET
    @Path("{id}/content")
    @Produces({"application/pdf", "application/xml"})
    @Operation(summary = "The original bytes as uploaded (a PDF, an XML e-invoice or an image), with their content type;"
            + " ETag is the SHA-256 of the content")
    @Transactional
    public Response content(@PathParam("id") String id, @Context Request request,
                            @Context HttpServletRequest servletRequest) {
        Document document = catalog.get(id);
        EntityTag tag = new EntityTag(document.sha256());
        Response.ResponseBuilder notModified = request.evaluatePreconditions(tag);
        if (notModified != null) {
            return notModified.header(HttpHeaders.CACHE_CONTROL, NOT_STORED).build();
        }
        java.nio.file.Path file = document.hasOriginal() ? files.originalOf(document.id(), document.contentType())
                : files.pathOf(document.id());
        StreamingOutput bytes = out -> {
            // Copying to the client is waiting on it: a slow reader holds no work permit.
            WorkPermits.giveBack(servletRequest);
            java.nio.file.Files.copy(file, out);
        };
        return Response.ok(bytes, document.contentType())
                .tag(tag)
                .header(HttpHeaders.CONTENT_LENGTH, document.sizeBytes())
                .header("Content-Disposition", ContentDisposition.attachment(document.filename()))
                .header(HttpHeaders.CACHE_CONTROL, NOT_STORED)
                .build();
    }

    @GET
    @Path("{id}/pages/{n}/image")
    @Produces("image/png")
    @Operation(summary = "PNG render of page n (1-based) at dpi 36..300 (default 110); large pages are scaled down",
            description = "Renders at 72, 96, 110, 150, 200 and 300 dpi are kept on disk (within DOCEX_RENDER_CACHE_BYTES,"
                    + " least recently used removed first); any other dpi is rendered each time it is asked for.")
    public Response pageImage(@PathParam("id") String id, @PathParam("n") String page, @QueryParam("dpi") String dpi) {
        Document document = catalog.get(id);
        byte[] png = images.render(document, PageImages.pageNumber(page, document.pageCount()), PageImages.dpi(dpi));
        return Response.ok(png, "image/png").header(HttpHeaders.CACHE_CONTROL, NOT_STORED).build();
    }

    @POST
    @Path("{id}/splits")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Cut a document into a document per page range (201 with them; the document itself stays):"
            + " the uploader or an admin, others 403",
            description = "Body {\"ranges\": [[1, 2], [3, 5]]}: 1-based and inclusive, in order, not overlapping, within"
                    + " the document, at least one and not one of every page (else 422 naming the range). Pages in no"
                    + " range are left out (separator sheets). Each new document is a PDF of its pages named"
                    + " '<file> (pages 1-2).pdf', with the document's source; all are recorded together or none."
                    + " Answer {\"documents\": [Document, ...]}.")
    public Response split(@PathParam("id") String id, SplitRequest request) throws IOException {
        Document document = catalog.get(id);
        Caller caller = callers.current();
        DocumentRemoval.requireUploaderOrAdmin(document, caller, "split");
        if (request == null) {
            throw new UnprocessableException("ranges: at least one range [first, last] of pages is required");
        }
        List<Document> parts = uploads.split(document, request.pages(document.pageCount()), caller);
        return created(parts).entity(new Parts(answers(parts))).build();
    }

    /** The documents a split made, in page order. */
    public record Parts(List<DocumentResponse> documents) {
    }

    @DELETE
    @Path("{id}")
    @Operation(summary = "Delete a document with its file, workflows and results: the uploader or an admin; "
            + "409 when a workflow is committed, unless an admin passes force=true")
    public void delete(@PathParam("id") String id, @QueryParam("force") boolean force) {
        removal.remove(catalog.get(id), callers.current(), force);
    }

    /** The part named {@code file}; other parts are skipped (the whole body is within the gate's limit). */
    private static Part filePart(MultipartFormReader form) throws IOException {
        for (var part = form.next(); part.isPresent(); part = form.next()) {
            if ("file".equals(part.get().name())) {
                return part.get();
            }
            part.get().content().transferTo(java.io.OutputStream.nullOutputStream());
        }
        throw new UnprocessableException("file: field required");
    }
}
