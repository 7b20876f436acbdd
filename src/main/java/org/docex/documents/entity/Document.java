package org.docex.documents.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import org.docex.documents.control.BatchSplitter;
import org.docex.documents.control.DocumentSource;
import org.docex.documents.control.PdfFacts;
import org.docex.documents.control.UploadedFile;
import org.docex.persistence.ReadOnlySql;

/**
 * An uploaded PDF or XML e-invoice: what the upload and the PDF (for an XML e-invoice, docex's
 * rendering of it) said about it. Immutable once stored, but for its split proposals, which are worked out once: at
 * the upload that asks for them, or when they are first asked for.
 */
@Entity
@Table(name = "document")
public class Document {

    @Id
    private UUID id;

    @Column(nullable = false)
    private String filename;
    @Column(name = "filename_folded", nullable = false)
    private String filenameFolded;
    @Column(name = "title_folded")
    private String titleFolded;
    @Column(name = "size_bytes")
    private long sizeBytes;
    @Column(nullable = false)
    private String sha256;
    @Column(name = "content_type", nullable = false)
    private String contentType;
    @Column(name = "page_count")
    private int pageCount;
    @Column(name = "pdf_version")
    private String pdfVersion;
    private String title;
    private String author;
    private String subject;
    private String keywords;
    private String creator;
    private String producer;
    @Column(name = "pdf_created")
    private Instant created;
    @Column(name = "pdf_modified")
    private Instant modified;
    private boolean encrypted;
    @Column(name = "has_forms")
    private boolean hasForms;
    @Column(name = "uploaded_by", nullable = false)
    private UUID uploadedBy;
    @Column(name = "uploaded_by_email", nullable = false)
    private String uploadedByEmail;
    @Column(name = "uploaded_at", nullable = false)
    private Instant uploadedAt;
    @Column(name = "source_channel", nullable = false)
    private String sourceChannel = "upload";
    @Column(name = "source_key")
    private String sourceKey;
    @Column(name = "source_from")
    private String sourceFrom;
    @Column(name = "source_subject")
    private String sourceSubject;
    @Column(name = "source_message_id")
    private String sourceMessageId;
    @Column(name = "source_received_at")
    private Instant sourceReceivedAt;
    /** Where a new invoice seems to start, as {@code 1-2,3-5}: empty where none does, null where it was not looked for. */
    @Column(name = "proposed_splits")
    private String proposedSplits;

    protected Document() {
    }

    public static final String PDF = "application/pdf";
    public static final String XML = "application/xml";

    public Document(UUID id, String filename, UploadedFile file, PdfFacts facts, UUID uploaderId, String uploaderEmail,
                    Instant now) {
        this(id, filename, PDF, file, facts, uploaderId, uploaderEmail, now);
    }

    /**
     * @param contentType {@link #PDF}; {@link #XML} for an XML e-invoice, an image's type for an image ({@code facts}
     *                    then of the PDF docex made of it)
     */
    public Document(UUID id, String filename, String contentType, UploadedFile file, PdfFacts facts, UUID uploaderId,
                    String uploaderEmail, Instant now) {
        this.id = id;
        this.contentType = contentType;
        this.filename = filename;
        this.filenameFolded = fold(filename);
        this.sizeBytes = file.sizeBytes();
        this.sha256 = file.sha256Hex();
        this.pageCount = facts.pageCount();
        this.pdfVersion = facts.pdfVersion();
        this.title = facts.title();
        this.titleFolded = fold(facts.title());
        this.author = facts.author();
        this.subject = facts.subject();
        this.keywords = facts.keywords();
        this.creator = facts.creator();
        this.producer = facts.producer();
        this.created = facts.created();
        this.modified = facts.modified();
        this.encrypted = facts.encrypted();
        this.hasForms = facts.hasForms();
        this.uploadedBy = uploaderId;
        this.uploadedByEmail = uploaderEmail;
        this.uploadedAt = now;
    }

    /** A detached copy of the row a {@code SELECT *} on {@code document} is positioned on. */
    public static Document read(ResultSet row) throws SQLException {
        Document d = new Document();
        d.id = ReadOnlySql.uuid(row, "id");
        d.filename = row.getString("filename");
        d.filenameFolded = row.getString("filename_folded");
        d.titleFolded = row.getString("title_folded");
        d.sizeBytes = row.getLong("size_bytes");
        d.sha256 = row.getString("sha256");
        d.contentType = row.getString("content_type");
        d.pageCount = row.getInt("page_count");
        d.pdfVersion = row.getString("pdf_version");
        d.title = row.getString("title");
        d.author = row.getString("author");
        d.subject = row.getString("subject");
        d.keywords = row.getString("keywords");
        d.creator = row.getString("creator");
        d.producer = row.getString("producer");
        d.created = ReadOnlySql.instant(row, "pdf_created");
        d.modified = ReadOnlySql.instant(row, "pdf_modified");
        d.encrypted = row.getBoolean("encrypted");
        d.hasForms = row.getBoolean("has_forms");
        d.uploadedBy = ReadOnlySql.uuid(row, "uploaded_by");
        d.uploadedByEmail = row.getString("uploaded_by_email");
        d.uploadedAt = ReadOnlySql.instant(row, "uploaded_at");
        d.sourceChannel = row.getString("source_channel");
        d.sourceKey = row.getString("source_key");
        d.sourceFrom = row.getString("source_from");
        d.sourceSubject = row.getString("source_subject");
        d.sourceMessageId = row.getString("source_message_id");
        d.sourceReceivedAt = ReadOnlySql.instant(row, "source_received_at");
        d.proposedSplits = row.getString("proposed_splits");
        return d;
    }

    /** Lower-cased copies of searchable text, so that {@code q} needs no function call per row. */
    public static String fold(String text) {
        return text == null ? null : text.toLowerCase(Locale.ROOT);
    }

    public boolean uploadedBy(UUID userId) {
        return uploadedBy.equals(userId);
    }

    public UUID id() { return id; }
    public String filename() { return filename; }

    /** The texts a search matches (folded file name and title), for the search index. */
    public String[] searchedTexts() { return new String[] {filenameFolded, titleFolded}; }
    public long sizeBytes() { return sizeBytes; }
    public String sha256() { return sha256; }
    public String contentType() { return contentType; }
    public boolean isXml() { return XML.equals(contentType); }
    /** {@code upload}, {@code folder} or {@code mail}. */
    public String sourceChannel() { return sourceChannel; }

    /** Where the document came from (its key is not shown to clients). */
    public DocumentSource source() {
        return new DocumentSource(sourceChannel, sourceKey, sourceFrom, sourceSubject, sourceMessageId, sourceReceivedAt);
    }

    /** Records where the document came from; before it is stored. */
    public Document from(DocumentSource source) {
        this.sourceChannel = source.channel();
        this.sourceKey = source.key();
        this.sourceFrom = source.from();
        this.sourceSubject = source.subject();
        this.sourceMessageId = source.messageId();
        this.sourceReceivedAt = source.receivedAt();
        return this;
    }
    /** The ranges proposed as invoices of their own (empty where it seems to be one), if they were looked for. */
    public Optional<List<BatchSplitter.Pages>> proposedSplits() {
        return Optional.ofNullable(proposedSplits).map(BatchSplitter.Pages::parse);
    }

    /** Records where a new invoice seems to start; before it is stored. */
    public Document proposing(List<BatchSplitter.Pages> ranges) {
        this.proposedSplits = BatchSplitter.Pages.format(ranges);
        return this;
    }

    /** Whether the upload was not the PDF docex works on (an XML e-invoice, an image), whose own bytes are kept beside it. */
    public boolean hasOriginal() { return !PDF.equals(contentType); }
    public int pageCount() { return pageCount; }
    public String pdfVersion() { return pdfVersion; }
    public String title() { return title; }
    public String author() { return author; }
    public String subject() { return subject; }
    public String keywords() { return keywords; }
    public String creator() { return creator; }
    public String producer() { return producer; }
    public Instant created() { return created; }
    public Instant modified() { return modified; }
    public boolean encrypted() { return encrypted; }
    public boolean hasForms() { return hasForms; }
    public String uploadedByEmail() { return uploadedByEmail; }
    public Instant uploadedAt() { return uploadedAt; }
}
