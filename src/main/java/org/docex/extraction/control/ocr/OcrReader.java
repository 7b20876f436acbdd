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
 * images are) and recognised within a time budget of its own, and all of a document's pages within
 * the document's budget: past it, the pages left are not read. In {@code auto} mode a page whose
 * text is an invisible layer over its image (a scanner's or another program's OCR) is read too,
 * and the reading whose text is more plausible ({@link TextPlausibility}) is kept. What it could not do is said in
 * warnings; the extraction goes on with the text it has.
 */
public final class OcrReader {

    private static final int PAGES_NAMED_IN_A_WARNING = 20;
    private static final int MAX_CELLS_READ_AGAIN = 500;
    // A page whose words Tesseract is this sure of on average is read well enough; below, it is read
    // a second time against its own paper (TesseractEngine#recognizeAgainstPaper).
    private static final double SURE_ENOUGH = 0.8;

    private final boolean enabled;
    private final Optional<TesseractEngine> engine;
    private final String unavailable;
    private final PageRenderer renderer;
    private final int dpi;
    private final Duration pageBudget;
    private final Duration documentBudget;

    private OcrReader(boolean enabled, TesseractEngine.Availability availability, PageRenderer renderer, int dpi,
                      Duration pageBudget, Duration documentBudget) {
        this.enabled = enabled;
        this.engine = availability.engine();
        this.unavailable = availability.problem();
        this.renderer = renderer;
        this.dpi = dpi;
        this.pageBudget = pageBudget;
        this.documentBudget = documentBudget;
    }

    public static OcrReader of(TesseractEngine.Availability availability, PageRenderer renderer, int dpi, Duration pageBudget,
                               Duration documentBudget) {
        if (dpi < 36 || dpi > 600) {
            throw new IllegalArgumentException("DOCEX_OCR_DPI must be between 36 and 600");
        }
        if (pageBudget.isNegative() || pageBudget.isZero() || documentBudget.isNegative() || documentBudget.isZero()) {
            throw new IllegalArgumentException("The OCR time budgets must be positive");
        }
        return new OcrReader(true, availability, renderer, dpi, pageBudget, documentBudget);
    }

    /** OCR turned off on this server ({@code DOCEX_OCR=off}). */
    public static OcrReader off() {
        return new OcrReader(false, new TesseractEngine.Availability(Optional.empty(), "turned off"), null, 300,
                Duration.ofSeconds(1), Duration.ofSeconds(1));
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
            // Another program's OCR layer (invisible text over the scan) is read again: scanners' layers are often poor.
            boolean read = mode == OcrMode.ALWAYS || (mode == OcrMode.AUTO && (!page.hasText() || page.invisible()));
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
        // OCR's time is bounded by its own budgets, so it moves the extraction's deadline on.
        long documentStarted = System.nanoTime();
        List<Integer> overBudget = new ArrayList<>();
        for (int number : wanted) {
            long started = System.nanoTime();
            Duration left = documentBudget.minusNanos(started - documentStarted);
            if (left.isNegative() || left.isZero()) {
                overBudget.add(number);
            } else {
                PageText layerText = texts.get(number - 1);
                PageSource layerSource = sources.get(number - 1);
                read(pdf, number, maxCharsPerPage, left.compareTo(pageBudget) < 0 ? left : pageBudget, texts, sources, warnings);
                if (mode == OcrMode.AUTO && layerText.invisible()
                        && TextPlausibility.of(layerText) >= TextPlausibility.of(texts.get(number - 1))) {
                    texts.set(number - 1, layerText);
                    sources.set(number - 1, layerSource);
                }
                deadline.extendBy(Duration.ofNanos(System.nanoTime() - started));
            }
            progress.pagesDone(++done, total);
        }
        if (!overBudget.isEmpty()) {
            warnings.add("OCR stopped at the document's time budget of " + seconds(documentBudget) + " s: "
                    + pages(overBudget) + (overBudget.size() == 1 ? " was" : " were") + " not read");
        }
        return new Pass(texts, sources, warnings);
    }

    private void read(PDDocument pdf, int number, int maxChars, Duration budget, List<PageText> texts,
                      List<PageSource> sources, List<String> warnings) {
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
        long started = System.nanoTime();
        OcrOutcome outcome = tesseract.recognize(image.image(), renderedDpi, budget);
        PageText text = OcrPageText.of(number, outcome.words(), outcome.straight(), image.pixelsPerPoint(), maxChars);
        Duration left = budget.minusNanos(System.nanoTime() - started);
        if (!outcome.stoppedEarly() && outcome.meanConfidence() < SURE_ENOUGH && !left.isNegative() && !left.isZero()) {
            OcrOutcome again = tesseract.recognizeAgainstPaper(image.image(), renderedDpi, left);
            PageText againText = OcrPageText.of(number, again.words(), again.straight(), image.pixelsPerPoint(), maxChars);
            if (!again.stoppedEarly()
                    && TextPlausibility.confidentCharacters(againText) > TextPlausibility.confidentCharacters(text)) {
                outcome = again;
                text = againText;
            }
        }
        if (outcome.stoppedEarly()) {
            warnings.add("Page " + number + ": OCR stopped at its time budget of " + seconds(budget)
                    + " s; the words read until then are kept");
        }
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
        long millis = (duration.toNanos() + 999_999) / 1_000_000;
        return java.math.BigDecimal.valueOf(millis, 3).stripTrailingZeros().toPlainString();
    }

    private static void warnIfAny(List<String> warnings, List<Integer> pages, String reason) {
        if (pages.isEmpty()) {
            return;
        }
        warnings.add(reason + ": " + pages.size() + (pages.size() == 1 ? " page" : " pages")
                + " without a text layer " + (pages.size() == 1 ? "was" : "were") + " not read (" + pages(pages) + ")");
    }

    // "page 3" or "pages 2, 3, ..." with at most PAGES_NAMED_IN_A_WARNING numbers.
    private static String pages(List<Integer> pages) {
        String named = pages.stream().limit(PAGES_NAMED_IN_A_WARNING).map(String::valueOf).collect(Collectors.joining(", "));
        return "page" + (pages.size() == 1 ? " " : "s ") + named + (pages.size() > PAGES_NAMED_IN_A_WARNING ? ", ..." : "");
    }
}
