package org.docex.extraction.control.workflow;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.docex.documents.control.BatchSplitter;
import org.docex.documents.control.InvoiceStartFinder;
import org.docex.documents.control.PageNotFoundException;
import org.docex.documents.control.PageRenderException;
import org.docex.documents.control.PageRenderer;
import org.docex.extraction.control.ExtractionFailedException;
import org.docex.extraction.control.ExtractionLimits;
import org.docex.extraction.control.ProgressListener;
import org.docex.extraction.control.invoice.InvoiceStarts;
import org.docex.extraction.control.ocr.OcrOutcome;
import org.docex.extraction.control.ocr.OcrPageText;
import org.docex.extraction.control.ocr.TesseractEngine;
import org.docex.extraction.control.pdf.ClientSafePdfOpener;
import org.docex.extraction.control.pdf.PageTextReader;
import org.docex.extraction.control.pdf.WorkDeadline;
import org.docex.extraction.control.text.PageText;

/**
 * Split proposals from what each page's header says ({@link InvoiceStarts}): a page's text layer where it has one,
 * else OCR of the upper half of the page, where an invoice's number and date are printed; the rest of a page is not
 * read, which keeps a scanned batch's proposals to about a second a page. Pages that cannot be read (OCR off, the time
 * budget spent) propose nothing.
 */
@ApplicationScoped
public class PageHeaderInvoiceStarts implements InvoiceStartFinder {

    static final int HEADER_DPI = 200;
    static final double HEADER_SHARE = 0.5;
    private static final Duration PAGE_BUDGET = Duration.ofSeconds(10);
    /** A batch's header reading stops here; the pages left propose nothing. */
    private static final Duration BATCH_BUDGET = Duration.ofMinutes(5);

    @Inject
    ExtractionSettings settings;

    @Inject
    PageRenderer renderer;

    @Override
    public List<List<Integer>> starts(Path pdf, List<BatchSplitter.Pages> parts) throws IOException {
        ExtractionLimits limits = ExtractionLimits.defaults().withMaxPages(BatchSplitter.MAX_PAGES);
        try (PDDocument document = ClientSafePdfOpener.open(pdf, limits.maxMainMemoryBytes())) {
            return starts(document, parts, settings.ocrEngine(), renderer);
        } catch (ExtractionFailedException | WorkDeadline.DeadlineExceededException e) {
            // A PDF whose text cannot be read proposes nothing; it was stored as a document all the same.
            return parts.stream().map(part -> List.<Integer>of()).toList();
        }
    }

    /** As {@link #starts(Path, List)} on an open document, with {@code engine} for pages without a text layer. */
    public static List<List<Integer>> starts(PDDocument document, List<BatchSplitter.Pages> parts,
                                             Optional<TesseractEngine> engine, PageRenderer renderer)
            throws ExtractionFailedException {
        ExtractionLimits limits = ExtractionLimits.defaults().withMaxPages(BatchSplitter.MAX_PAGES);
        int pageCount = Math.min(document.getNumberOfPages(), BatchSplitter.MAX_PAGES);
        List<PageText> layer = PageTextReader.read(document, pageCount, limits,
                WorkDeadline.after(limits.maxProcessingTime()), ProgressListener.NONE);
        long started = System.nanoTime();
        List<List<Integer>> starts = new ArrayList<>();
        for (BatchSplitter.Pages part : parts) {
            List<PageText> texts = new ArrayList<>();
            for (int n = part.first(); n <= Math.min(part.last(), pageCount); n++) {
                PageText text = layer.get(n - 1);
                boolean inTime = System.nanoTime() - started < BATCH_BUDGET.toNanos();
                texts.add(text.hasText() || engine.isEmpty() || !inTime ? text : header(document, n, engine.get(), renderer));
            }
            starts.add(InvoiceStarts.of(texts));
        }
        return starts;
    }

    /** The words OCR reads in the upper part of a page without a text layer, as that page's text. */
    private static PageText header(PDDocument document, int number, TesseractEngine engine, PageRenderer renderer) {
        PageRenderer.PageImage page;
        try {
            page = renderer.renderGrey(document, number, HEADER_DPI, true);
        } catch (PageRenderException | PageNotFoundException e) {
            return PageText.empty(number);
        }
        BufferedImage whole = page.image();
        int height = Math.max(1, (int) Math.round(whole.getHeight() * HEADER_SHARE));
        // A copy of its own: the engine reads the image's pixel buffer, which a sub-image shares with the whole page.
        BufferedImage top = new BufferedImage(whole.getWidth(), height, BufferedImage.TYPE_BYTE_GRAY);
        top.getRaster().setRect(whole.getRaster().createChild(0, 0, whole.getWidth(), height, 0, 0, null));
        int dpi = (int) Math.round(page.pixelsPerPoint() * 72);
        OcrOutcome outcome = engine.recognize(top, dpi, PAGE_BUDGET);
        return OcrPageText.of(number, outcome.words(), outcome.straight(), page.pixelsPerPoint(),
                ExtractionLimits.defaults().maxTextCharsPerPage());
    }
}
