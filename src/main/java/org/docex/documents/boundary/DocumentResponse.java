package org.docex.documents.boundary;

import jakarta.json.bind.annotation.JsonbNillable;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.docex.documents.control.DocumentCatalog.LatestWorkflow;
import org.docex.documents.control.DocumentSource;
import org.docex.documents.entity.Document;

/**
 * A document as clients see it; {@code uploaded_by} is the uploader's e-mail address, {@code duplicate_of}
 * the earliest other document with the same bytes (null where there is none), {@code proposed_splits} the ranges of
 * its pages proposed as invoices of their own ([] where it seems to be one; null where that was not looked for yet).
 */
public record DocumentResponse(UUID id, String filename, long sizeBytes, String sha256, String contentType, int pageCount,
                               String pdfVersion, String title, String author, String subject, String keywords,
                               String creator, String producer, Instant created, Instant modified, boolean encrypted,
                               boolean hasForms, String uploadedBy, Instant uploadedAt, LatestWorkflow latestWorkflow,
                               UUID duplicateOf, Source source,
                               List<List<Integer>> proposedSplits) {

    /**
     * Where the document came from: {@code upload}, {@code folder} or {@code mail}; for a mail also its sender,
     * subject, Message-ID and the time the mailbox received it (left out for the other channels).
     */
    @JsonbNillable(false)
    public record Source(String channel, String from, String subject, String messageId, Instant receivedAt) {

        static Source of(DocumentSource source) {
            return new Source(source.channel(), source.from(), source.subject(), source.messageId(), source.receivedAt());
        }
    }

    public static DocumentResponse from(Document d, LatestWorkflow latestWorkflow, UUID duplicateOf) {
        return new DocumentResponse(d.id(), d.filename(), d.sizeBytes(), d.sha256(), d.contentType(), d.pageCount(), d.pdfVersion(),
                d.title(), d.author(), d.subject(), d.keywords(), d.creator(), d.producer(), d.created(), d.modified(),
                d.encrypted(), d.hasForms(), d.uploadedByEmail(), d.uploadedAt(), latestWorkflow, duplicateOf,
                Source.of(d.source()), d.proposedSplits().map(DocumentsResource::pairs).orElse(null));
    }
}
