package org.docex.documents.control;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Calendar;
import java.util.Locale;
import java.util.function.Supplier;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;
import org.apache.pdfbox.pdmodel.interactive.form.PDAcroForm;

/** Decides whether an uploaded file is a PDF the service accepts, and reads its facts. */
public class PdfInspector {

    // The PDF spec lets readers accept the header anywhere in the first 1024 bytes.
    private static final int MAGIC_WINDOW = 1024;
    private static final byte[] MAGIC = {'%', 'P', 'D', 'F', '-'};

    private final int maxPages;

    public PdfInspector(int maxPages) {
        if (maxPages < 1) {
            throw new IllegalArgumentException("maxPages must be at least 1");
        }
        this.maxPages = maxPages;
    }

    public static boolean hasPdfMagic(Path file) throws IOException {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(MAGIC_WINDOW);
        }
        for (int start = 0; start + MAGIC.length <= head.length; start++) {
            if (matchesMagicAt(head, start)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matchesMagicAt(byte[] head, int start) {
        for (int i = 0; i < MAGIC.length; i++) {
            if (head[start + i] != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    public PdfFacts inspect(Path file) throws PdfRejectedException {
        try {
            if (!hasPdfMagic(file)) {
                throw PdfRejectedException.notAPdf();
            }
            try (PDDocument document = MemoryBoundedPdfOpener.open(file)) {
                return factsOf(document);
            }
        } catch (InvalidPasswordException e) {
            throw PdfRejectedException.passwordProtected();
        } catch (IOException | RuntimeException | StackOverflowError e) {
            // Damaged or hostile structure: PDFBox reports it in any of these forms.
            throw PdfRejectedException.unreadable(e);
        }
    }

    private PdfFacts factsOf(PDDocument document) throws PdfRejectedException, IOException {
        int pageCount = PageWalk.countUpTo(document, maxPages + 1);
        if (pageCount == 0) {
            throw PdfRejectedException.noPages();
        }
        if (pageCount > maxPages) {
            throw PdfRejectedException.tooManyPages(maxPages);
        }
        PDDocumentInformation info = document.getDocumentInformation();
        return new PdfFacts(pageCount, versionOf(document),
                InfoText.clean(info::getTitle), InfoText.clean(info::getAuthor), InfoText.clean(info::getSubject),
                InfoText.clean(info::getKeywords), InfoText.clean(info::getCreator), InfoText.clean(info::getProducer),
                instantOf(info::getCreationDate), instantOf(info::getModificationDate),
                document.isEncrypted(), hasFormFields(document));
    }

    private static String versionOf(PDDocument document) {
        return String.format(Locale.ROOT, "%.1f", document.getVersion());
    }

    private static Instant instantOf(Supplier<Calendar> date) {
        try {
            Calendar calendar = date.get();
            return calendar == null ? null : calendar.toInstant();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static boolean hasFormFields(PDDocument document) {
        // null fixup: report the form as stored, without PDFBox building appearances for it.
        PDAcroForm form = document.getDocumentCatalog().getAcroForm(null);
        return form != null && !form.getFields().isEmpty();
    }
}
