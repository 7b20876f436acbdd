package org.docex.documents.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.ClientErrorException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.IntFunction;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.docex.documents.entity.Document;
import org.docex.errors.DataSize;
import org.docex.errors.PayloadTooLargeException;
import org.docex.errors.UnprocessableException;
import org.docex.security.control.Caller;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Accepting an upload: stream it to a temporary file (counting and hashing, never holding it in
 * memory, stopping at the size limit), check it is a readable PDF within the limits, then move
 * it into the store and record it. An XML e-invoice or an image (JPEG, PNG, TIFF; each recognised by
 * its content, never by its name) is kept as it came and made into the PDF docex works on
 * ({@link XmlInvoicePages}, {@link ImagePages}). Any failure
 * leaves neither a file nor a row behind.
 */
@ApplicationScoped
public class DocumentUploads {

    private static final Logger LOG = Logger.getLogger(DocumentUploads.class.getName());

    private static final int SNIFFED_BYTES = 1024;

    /** The 415 answer: what docex takes, told by content. */
    static final String NOT_A_DOCUMENT = "The file is not a PDF, an XML e-invoice or an image (JPEG, PNG, TIFF)";

    /** Room for the multipart envelope (boundaries, part headers) around a file at the limit. */
    private static final long ENVELOPE_ALLOWANCE = 64 * 1024;

    @Inject
    @ConfigProperty(name = "docex.max-upload-bytes", defaultValue = "52428800")
    long maxBytes;

    @Inject
    FileStore store;

    @Inject
    PdfInspector inspector;

    @Inject
    PdfWorkLimiter limiter;

    @Inject
    DocumentCatalog catalog;

    @Inject
    Clock clock;

    @Inject
    Instance<XmlInvoicePages> xmlInvoices;

    @Inject
    ImagePages images;

    @Inject
    BatchSplitter splitter;

    @Inject
    Instance<InvoiceStartFinder> startFinder;

    public long maxBytes() {
        return maxBytes;
    }

    /** The largest upload request body: a file at the limit with room for its multipart envelope. */
    public long maxBodyBytes() {
        return maxBytes + ENVELOPE_ALLOWANCE;
    }

    public Document accept(InputStream content, String clientFilename, Caller uploader) throws IOException {
        return accept(content, clientFilename, uploader, DocumentSource.UPLOAD);
    }

    /** As {@link #accept(InputStream, String, Caller)}, recording where the file came from. */
    public Document accept(InputStream content, String clientFilename, Caller uploader, DocumentSource source) throws IOException {
        Path temp = store.newTempFile();
        try {
            UploadedFile file = copy(content, temp);
            Prepared prepared = prepare(temp, file, null, clientFilename, uploader, source);
            try {
                catalog.add(prepared.document());
                prepared.keep();
                return prepared.document();
            } finally {
                prepared.discard();
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * As {@link #accept(InputStream, String, Caller, DocumentSource)}, a batch scan (a PDF or an image) cut into a
     * document per part at separator sheets and blank pages ({@link BatchSplitter}), which are dropped; each part is
     * a PDF of its pages, named after the file and its pages. A file without separators (and an XML e-invoice) is one
     * document as {@code accept} makes it. With {@link SplitMode#SUGGEST} each document records where a new invoice
     * seems to start within it ({@link InvoiceStartFinder}). All or nothing: the parts are recorded in one
     * transaction. An intake's source key is the first part's; the others add {@code /2}, {@code /3}, ...
     */
    public Batch acceptBatch(InputStream content, String clientFilename, Caller uploader, DocumentSource source,
                             SplitMode mode) throws IOException {
        Path temp = store.newTempFile();
        Path rendered = null;
        List<Prepared> parts = new ArrayList<>();
        List<BatchSplitter.Pages> proposed = new ArrayList<>();
        try {
            UploadedFile file = copy(content, temp);
            byte[] head = head(temp);
            Optional<String> image = ImagePages.typeOf(head);
            if (image.isEmpty() && looksLikeXml(head)) {
                Prepared whole = prepare(temp, file, null, clientFilename, uploader, source);
                parts.add(whole);
                if (mode == SplitMode.SUGGEST) {
                    whole.document().proposing(List.of());
                }
            } else {
                rendered = image.isPresent() ? imagePdf(temp, image.get()) : null;
                Path pdf = rendered != null ? rendered : temp;
                PdfFacts facts = inspect(pdf);
                if (facts.pageCount() > BatchSplitter.MAX_PAGES) {
                    throw new UnprocessableException("file: a batch is cut into documents up to " + BatchSplitter.MAX_PAGES
                            + " pages; this one has " + facts.pageCount());
                }
                List<BatchSplitter.Pages> ranges = splitter(pdf);
                if (ranges.isEmpty()) {
                    throw new UnprocessableException("file: every page is a separator sheet or blank");
                }
                List<List<Integer>> starts = mode == SplitMode.SUGGEST ? starts(pdf, ranges) : List.of();
                if (ranges.size() == 1 && ranges.get(0).count() == facts.pageCount()) {
                    parts.add(prepare(temp, file, rendered, clientFilename, uploader, source));
                } else {
                    prepareParts(pdf, ranges, clientFilename, uploader, i -> source.withKey(
                            source.key() == null || i == 0 ? source.key() : source.key() + "/" + (i + 1)), parts);
                }
                for (int i = 0; i < starts.size(); i++) {
                    BatchSplitter.Pages part = ranges.get(i);
                    List<BatchSplitter.Pages> cuts = BatchSplitter.Pages.cutAt(part, starts.get(i));
                    proposed.addAll(cuts);
                    parts.get(i).document().proposing(cuts.stream().map(cut -> cut.from(part.first())).toList());
                }
            }
            return new Batch(record(parts), proposed);
        } finally {
            parts.forEach(Prepared::discard);
            Files.deleteIfExists(temp);
            if (rendered != null) {
                Files.deleteIfExists(rendered);
            }
        }
    }

    /**
     * A batch's documents in page order, and the ranges of the file as uploaded (its page numbers) proposed as invoices
     * of their own: empty unless the split mode was {@link SplitMode#SUGGEST}. Each document has its own proposals in
     * its own page numbers ({@link Document#proposedSplits()}).
     */
    public record Batch(List<Document> documents, List<BatchSplitter.Pages> proposedSplits) {
    }

    /**
     * Where a new invoice seems to start within the document: as recorded, or worked out now (its text layer, OCR of
     * its page headers) and recorded once.
     */
    public List<BatchSplitter.Pages> proposals(Document document) throws IOException {
        Optional<List<BatchSplitter.Pages>> recorded = document.proposedSplits();
        if (recorded.isPresent()) {
            return recorded.get();
        }
        if (document.pageCount() > BatchSplitter.MAX_PAGES) {
            throw new UnprocessableException("Splits are proposed for documents of up to " + BatchSplitter.MAX_PAGES
                    + " pages; this one has " + document.pageCount());
        }
        BatchSplitter.Pages whole = new BatchSplitter.Pages(1, document.pageCount());
        List<BatchSplitter.Pages> proposals = document.isXml() || document.pageCount() < 2 ? List.of()
                : BatchSplitter.Pages.cutAt(whole, starts(store.pathOf(document.id()), List.of(whole)).get(0));
        catalog.recordProposals(document.id(), proposals);
        return proposals;
    }

    private List<List<Integer>> starts(Path pdf, List<BatchSplitter.Pages> ranges) throws IOException {
        if (startFinder.isUnsatisfied()) {
            return ranges.stream().map(range -> List.<Integer>of()).toList();
        }
        return limited(() -> startFinder.get().starts(pdf, ranges));
    }

    /**
     * Cuts a stored document into a document per range (a person's split of a batch): PDFs of their pages, named after
     * it, with its source (without its key); recorded together or none. The document itself stays.
     */
    public List<Document> split(Document document, List<BatchSplitter.Pages> ranges, Caller caller) throws IOException {
        Path pdf = store.pathOf(document.id());
        List<Prepared> parts = new ArrayList<>();
        try {
            prepareParts(pdf, ranges, document.filename(), caller, i -> document.source().withKey(null), parts);
            return record(parts);
        } finally {
            parts.forEach(Prepared::discard);
        }
    }

    /** Records the prepared documents in one transaction and keeps their files. */
    private List<Document> record(List<Prepared> parts) {
        List<Document> documents = parts.stream().map(Prepared::document).toList();
        catalog.addAll(documents);
        parts.forEach(Prepared::keep);
        return documents;
    }

    private List<BatchSplitter.Pages> splitter(Path pdf) throws IOException {
        return limited(() -> splitter.parts(pdf));
    }

    /** {@code work} within the PDF work limit; where the server is too busy to start it in time, 429. */
    private <T, E extends Exception> T limited(PdfWorkLimiter.Work<T, E> work) throws E {
        try {
            return limiter.run(work);
        } catch (PdfBusyException e) {
            throw new org.docex.security.control.TooManyRequestsException(e.getMessage(), java.time.Duration.ofSeconds(5));
        }
    }

    /** The parts of a batch as PDFs of their own, cut in one pass over it, added to {@code into} as they are prepared. */
    private void prepareParts(Path pdf, List<BatchSplitter.Pages> ranges, String clientFilename, Caller uploader,
                              IntFunction<DocumentSource> source, List<Prepared> into) throws IOException {
        List<Path> cuts = new ArrayList<>();
        try {
            for (int i = 0; i < ranges.size(); i++) {
                cuts.add(store.newTempFile());
            }
            List<UploadedFile> files = limited(() -> BatchSplitter.cut(pdf, ranges, cuts));
            String name = FilenameSanitizer.clean(clientFilename);
            for (int i = 0; i < ranges.size(); i++) {
                into.add(prepare(cuts.get(i), files.get(i), null, ranges.get(i).name(name), uploader, source.apply(i)));
            }
        } finally {
            for (Path cut : cuts) {
                Files.deleteIfExists(cut);
            }
        }
    }

    private UploadedFile copy(InputStream content, Path temp) throws IOException {
        try {
            UploadedFile file = CountingUpload.copy(content, temp, maxBytes);
            if (file.sizeBytes() == 0) {
                throw new UnprocessableException("file: the uploaded file is empty");
            }
            return file;
        } catch (UploadTooLargeException e) {
            throw new PayloadTooLargeException("The file is larger than the limit of " + DataSize.readable(maxBytes));
        }
    }

    /** A document ready to be recorded, with its stored files, which are removed unless it is kept. */
    private final class Prepared {
        private final Document document;
        private Path stored;
        private Path original;

        Prepared(Document document, Path stored, Path original) {
            this.document = document;
            this.stored = stored;
            this.original = original;
        }

        Document document() {
            return document;
        }

        void keep() {
            stored = null;
            original = null;
        }

        void discard() {
            if (stored != null || original != null) {
                discardFiles(document.id());
            }
        }
    }

    /**
     * Checks the upload in {@code temp} and moves it into the store (and, for an image or XML, its own bytes beside the
     * PDF made of it; {@code rendered} where the caller made that PDF already), ready to be recorded.
     */
    private Prepared prepare(Path temp, UploadedFile file, Path rendered, String clientFilename, Caller uploader,
                             DocumentSource source) throws IOException {
        UUID id = UUID.randomUUID();
        Path made = null;
        Path stored = null;
        Path original = null;
        try {
            byte[] head = head(temp);
            Optional<String> image = ImagePages.typeOf(head);
            String type = image.orElse(looksLikeXml(head) ? Document.XML : Document.PDF);
            Path pdf = rendered;
            if (pdf == null && image.isPresent()) {
                pdf = made = imagePdf(temp, image.get());
            } else if (pdf == null && type.equals(Document.XML)) {
                pdf = made = rendering(temp, file);
            }
            PdfFacts facts = inspect(pdf != null ? pdf : temp);
            // The store moves the files in: the callers use neither temp nor rendered afterwards.
            stored = store.store(id, pdf == null ? temp : pdf);
            if (pdf != null) {
                original = store.storeOriginal(id, type, temp);
            }
            Document document = new Document(id, FilenameSanitizer.clean(clientFilename), type,
                    file, facts, uploader.userId(), uploader.email(), clock.instant()).from(source);
            Prepared prepared = new Prepared(document, stored, original);
            stored = null;
            original = null;
            return prepared;
        } finally {
            if (made != null) {
                Files.deleteIfExists(made);
            }
            if (stored != null || original != null) {
                discardFiles(id);
            }
        }
    }

    private static byte[] head(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(SNIFFED_BYTES);
        }
    }

    /** The image-only PDF of the image in {@code temp}, in a temporary file of its own. */
    private Path imagePdf(Path temp, String type) throws IOException {
        Path pdf = store.newTempFile();
        try {
            limited(() -> images.toPdf(temp, type, pdf));
            return pdf;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(pdf);
            throw e;
        }
    }

    /** Whether the upload starts as XML does (after a byte order mark and white space): a PDF starts with "%PDF". */
    private static boolean looksLikeXml(byte[] head) {
        int at = head.length >= 3 && (head[0] & 0xff) == 0xEF && (head[1] & 0xff) == 0xBB && (head[2] & 0xff) == 0xBF ? 3 : 0;
        while (at < head.length && Character.isWhitespace(head[at])) {
            at++;
        }
        return at < head.length && head[at] == '<';
    }

    /** The PDF rendering of the XML e-invoice in {@code temp}, in a temporary file of its own. */
    private Path rendering(Path temp, UploadedFile file) throws IOException {
        if (xmlInvoices.isUnsatisfied()) {
            throw new ClientErrorException(NOT_A_DOCUMENT, 415);
        }
        if (file.sizeBytes() > xmlInvoices.get().maxBytes()) {
            throw new PayloadTooLargeException("An XML e-invoice is accepted up to " + xmlInvoices.get().maxBytes() + " bytes");
        }
        byte[] xml = Files.readAllBytes(temp);
        byte[] pdf;
        try {
            pdf = limited(() -> xmlInvoices.get().render(xml))
                    .orElseThrow(() -> new ClientErrorException("The file is XML but no e-invoice docex reads"
                            + " (UN/CEFACT CII incl. Factur-X, ZUGFeRD and XRechnung; UBL 2.1 Invoice or CreditNote)", 415));
        } catch (XmlInvoicePages.Unreadable e) {
            throw new UnprocessableException(e.getMessage());
        }
        Path rendered = store.newTempFile();
        Files.write(rendered, pdf);
        return rendered;
    }

    private PdfFacts inspect(Path file) {
        try {
            return limited(() -> inspector.inspect(file));
        } catch (PdfRejectedException e) {
            if (e.reason() == PdfRejectedException.Reason.NOT_A_PDF) {
                throw new ClientErrorException(NOT_A_DOCUMENT, 415);
            }
            throw new ClientErrorException(e.getMessage(), 422);
        }
    }

    /** The files of an upload that is not kept, on disk and, where there is one, in the bucket. */
    private void discardFiles(UUID id) {
        try {
            store.delete(id);
        } catch (IOException | StorageUnavailableException e) {
            LOG.log(Level.WARNING, "Could not remove a rejected upload's files; on disk they are removed at the next start", e);
        }
    }
}
