package org.docex.extraction.control.ocr;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.docex.documents.control.PageNotFoundException;
import org.docex.documents.control.PageRenderException;
import org.docex.documents.control.PageRenderer;
import org.docex.extraction.control.PageSource;
import org.docex.extraction.control.ProgressListener;
import org.docex.extraction.control.pdf.WorkDeadline;
import org.docex.extraction.control.table.TableFinder;
import org.docex.extraction.control.text.PageText;

/**
 * Reads pages by OCR: each is rendered in grey at the configured dpi (bounded in pixels as page
 * images are) and recognised within a time budget of its own. What it could not do is said in
 * warnings; the extraction goes on with the text it has.
 */
public final class OcrReader {

    private static final int PAGES_NAMED_IN_A_WARNING = 20;
    private static final int MAX_CELLS_READ_AGAIN = 500;

    private final boolean enabled;
    private final Optional<TesseractEngine> engine;
    private final String unavailable;
    private final PageRenderer renderer;
    private final int dpi;
    private final Duration pageBudget;

    private OcrReader(boolean enabled, TesseractEngine.Availability availability, PageRenderer renderer, int dpi,
                      Duration pageBudget) {
        this.enabled = enabled;
        this.engine = availability.engine();
        this.unavailable = availability.problem();
        this.renderer = renderer;
        this.dpi = dpi;
        this.pageBudget = pageBudget;
    }

    public static OcrReader of(TesseractEngine.Availability availability, PageRenderer renderer, int dpi, Duration pageBudget) {
        if (dpi < 36 || dpi > 600) {
            throw new IllegalArgumentException("DOCEX_OCR_DPI must be between 36 and 600");
        }
        if (pageBudget.isNegative() || pageBudget.isZero()) {
            throw new IllegalArgumentException("The OCR time budget per page must be positive");
        }
        return new OcrReader(true, availability, renderer, dpi, pageBudget);
    }

    /** OCR turned off on this server ({@code DOCEX_OCR=off}). */
    public static OcrReader off() {
        return new OcrReader(false, new TesseractEngine.Availability(Optional.empty(), "turned off"), null, 300,
                Duration.ofSeconds(1));
    }

    /** The text of every page after OCR, where each page's text came from, and what could not be done. */
    public record Pass(List<PageText> texts, List<PageSource> sources, List<String> warnings) {
    }

    public Pass read(PDDocument pdf, List<PageText> layer, OcrMode mode, int maxCharsPerPage, ProgressListener progress,
                     WorkDeadline deadline) {
        List<PageText> texts = new ArrayList<>(layer);
        List<PageSource> sources = new ArrayList<>();
        List<Integer> wanted = new ArrayList<>();
        for (PageText page : layer) {
            boolean read = mode == OcrMode.ALWAYS || (mode == OcrMode.AUTO && !page.hasText());
            sources.add(page.hasText() ? PageSource.TEXT_LAYER : PageSource.NONE);
            if (read) {
                wanted.add(page.pageNumber());
            }
        }
        List<String> warnings = new ArrayList<>();
        List<Integer> unread = layer.stream().filter(page -> !page.hasText()).map(PageText::pageNumber).toList();
        if (mode == OcrMode.NEVER) {
            warnIfAny(warnings, unread, "OCR was not requested (\"ocr\": \"never\")");
            return new Pass(texts, sources, warnings);
        }
        if (!enabled || engine.isEmpty()) {
            warnIfAny(warnings, unread, enabled ? "OCR is unavailable: " + unavailable
                    : "OCR is turned off on this server (DOCEX_OCR=off)");
            return new Pass(texts, sources, warnings);
        }
        int total = layer.size();
        int done = total - wanted.size();
        progress.pagesDone(done, total);
        for (int number : wanted) {
            long started = System.nanoTime();
            read(pdf, number, maxCharsPerPage, texts, sources, warnings);
            deadline.extendBy(Duration.ofNanos(System.nanoTime() - started));
            progress.pagesDone(++done, total);
        }
        return new Pass(texts, sources, warnings);
    }

    private void read(PDDocument pdf, int number, int maxChars, List<PageText> texts, List<PageSource> sources,
                      List<String> warnings) {
        PageRenderer.PageImage image;
        try {
            image = renderer.renderGrey(pdf, number, dpi, true);
        } catch (PageRenderException | PageNotFoundException e) {
            warnings.add("Page " + number + " could not be rendered for OCR: " + e.getMessage());
            return;
        }
        TesseractEngine tesseract = engine.orElseThrow();
        // The dpi actually used: lower than asked where the page is too large for the pixel budget.
        int renderedDpi = (int) Math.round(image.pixelsPerPoint() * 72);
        OcrOutcome outcome = tesseract.recognize(image.image(), renderedDpi, pageBudget);
        if (outcome.stoppedEarly()) {
            warnings.add("Page " + number + ": OCR stopped at its time budget of " + seconds(pageBudget)
                    + " s; the words read until then are kept");
        }
        PageText text = OcrPageText.of(number, outcome.words(), outcome.straight(), image.pixelsPerPoint(), maxChars);
        if (!outcome.stoppedEarly()) {
            text = withMissingCells(tesseract, image, renderedDpi, number, outcome, text, maxChars);
        }
        if (text.truncated()) {
            warnings.add("Page " + number + ": OCR text past " + maxChars + " characters was dropped");
        }
        texts.set(number - 1, text);
        sources.set(number - 1, PageSource.ocr(new PageSource.OcrInfo(TesseractEngine.NAME,
                tesseract.languages(), renderedDpi, outcome.meanConfidence())));
    }

    /** The page read again where its item tables have numbers missing (see {@link TableFinder#emptyNumericCells}). */
    private static PageText withMissingCells(TesseractEngine tesseract, PageRenderer.PageImage image, int dpi, int number,
                                             OcrOutcome outcome, PageText text, int maxChars) {
        List<java.awt.Rectangle> cells = TableFinder.emptyNumericCells(text).stream()
                .limit(MAX_CELLS_READ_AGAIN)
                .map(box -> new java.awt.Rectangle((int) Math.floor(box.x0() * image.pixelsPerPoint()),
                        (int) Math.floor(box.y0() * image.pixelsPerPoint()),
                        (int) Math.ceil(box.width() * image.pixelsPerPoint()),
                        (int) Math.ceil(box.height() * image.pixelsPerPoint())))
                .toList();
        if (cells.isEmpty()) {
            return text;
        }
        int firstLine = outcome.words().stream().mapToInt(OcrWord::line).max().orElse(0) + 1;
        List<OcrWord> found = tesseract.readCells(image.image(), dpi, cells, firstLine);
        if (found.isEmpty()) {
            return text;
        }
        List<OcrWord> all = new ArrayList<>(outcome.words());
        all.addAll(found);
        return OcrPageText.of(number, all, outcome.straight(), image.pixelsPerPoint(), maxChars);
    }

    private static String seconds(Duration duration) {
        return java.math.BigDecimal.valueOf(duration.toMillis(), 3).stripTrailingZeros().toPlainString();
    }

    private static void warnIfAny(List<String> warnings, List<Integer> pages, String reason) {
        if (pages.isEmpty()) {
            return;
        }
        String named = pages.stream().limit(PAGES_NAMED_IN_A_WARNING).map(String::valueOf).collect(Collectors.joining(", "));
        warnings.add(reason + ": " + pages.size() + (pages.size() == 1 ? " page" : " pages")
                + " without a text layer " + (pages.size() == 1 ? "was" : "were") + " not read (page"
                + (pages.size() == 1 ? " " : "s ") + named + (pages.size() > PAGES_NAMED_IN_A_WARNING ? ", ..." : "") + ")");
    }
}
