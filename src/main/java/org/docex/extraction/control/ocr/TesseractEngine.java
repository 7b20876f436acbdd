package org.docex.extraction.control.ocr;

import static org.bytedeco.leptonica.global.leptonica.pixBackgroundNormSimple;
import static org.bytedeco.leptonica.global.leptonica.pixCreateNoInit;
import static org.bytedeco.leptonica.global.leptonica.pixDestroy;
import static org.bytedeco.leptonica.global.leptonica.pixGetData;
import static org.bytedeco.leptonica.global.leptonica.pixGetWpl;
import static org.bytedeco.leptonica.global.leptonica.pixThresholdToBinary;
import static org.bytedeco.tesseract.global.tesseract.PSM_AUTO;
import static org.bytedeco.tesseract.global.tesseract.PSM_SINGLE_LINE;
import static org.bytedeco.tesseract.global.tesseract.PSM_SPARSE_TEXT;
import static org.bytedeco.tesseract.global.tesseract.RIL_TEXTLINE;
import static org.bytedeco.tesseract.global.tesseract.RIL_WORD;
import static org.bytedeco.tesseract.global.tesseract.TessMonitorCreate;
import static org.bytedeco.tesseract.global.tesseract.TessMonitorDelete;
import static org.bytedeco.tesseract.global.tesseract.TessMonitorSetDeadlineMSecs;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.Loader;
import org.bytedeco.leptonica.PIX;
import org.bytedeco.tesseract.ETEXT_DESC;
import org.bytedeco.tesseract.ResultIterator;
import org.bytedeco.tesseract.TessBaseAPI;

/**
 * Tesseract 5 in this process, through bytedeco's JavaCPP preset: the native libraries come in the
 * preset's jars, built without OpenMP, so one recognition uses one thread and the extraction
 * threads alone bound the CPU OCR takes. The language data is the machine's (Debian's
 * {@code tesseract-ocr-eng}, {@code -deu}, ...). Each thread keeps its own engine, loaded once: a
 * {@code TessBaseAPI} is not thread-safe and loading two languages takes more than a second.
 */
public final class TesseractEngine implements AutoCloseable {

    public static final String NAME = "tesseract";
    private static final int RULE_DARK = 200;
    private static final int RULE_EDGE = 2;
    // Leptonica's background normalisation brings the paper to 200; ink is what is darker by more than 7.5%.
    private static final int INK_UNDER_NORMALISED_PAPER = 185;
    static final float UPRIGHT_CONFIDENCE = 14;

    private final Path tessdata;
    private final String languages;
    private final ThreadLocal<TessBaseAPI> perThread = new ThreadLocal<>();
    private final ConcurrentLinkedQueue<TessBaseAPI> idleOrientationEngines = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<TessBaseAPI> created = new ConcurrentLinkedQueue<>();

    private TesseractEngine(Path tessdata, String languages) {
        this.tessdata = tessdata;
        this.languages = languages;
    }

    /** The engine, or why there is none: the native library or a language's data is missing. */
    public static Availability load(List<Path> tessdataCandidates, String languages) {
        try {
            Loader.load(TessBaseAPI.class);
        } catch (Throwable e) {
            return Availability.missing("the Tesseract library cannot be loaded on this machine (" + e.getClass().getSimpleName() + ")");
        }
        Optional<Path> tessdata = tessdataCandidates.stream()
                .filter(dir -> OcrLanguages.parse(languages).stream().allMatch(lang -> Files.isRegularFile(dir.resolve(lang + ".traineddata"))))
                .findFirst();
        if (tessdata.isEmpty()) {
            return Availability.missing("the language data for " + languages + " is not installed (looked in "
                    + tessdataCandidates + "; on Debian: apt-get install "
                    + String.join(" ", OcrLanguages.parse(languages).stream().map(lang -> "tesseract-ocr-" + lang).toList()) + ")");
        }
        return Availability.of(new TesseractEngine(tessdata.get(), languages));
    }

    /** Where language data usually is: {@code TESSDATA_PREFIX}, then where Debian, Ubuntu and others install it. */
    public static List<Path> usualTessdata() {
        List<Path> candidates = new ArrayList<>();
        Optional.ofNullable(System.getenv("TESSDATA_PREFIX")).filter(dir -> !dir.isBlank())
                .ifPresent(dir -> candidates.add(Path.of(dir)));
        for (String dir : List.of("/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata",
                "/usr/share/tessdata", "/usr/local/share/tessdata", "/opt/homebrew/share/tessdata")) {
            candidates.add(Path.of(dir));
        }
        return candidates;
    }

    public String languages() {
        return languages;
    }

    /**
     * Reads the words of a grey image (8 bits per pixel, already cleaned of the scan's specks) at
     * {@code dpi}, and measures how crooked the page is. Past {@code budget} Tesseract stops and the words read so far are returned.
     */
    public OcrOutcome recognize(BufferedImage gray, int dpi, Duration budget) {
        return recognize(gray, dpi, budget, false);
    }

    /**
     * Reads the page again as black ink on its own paper, laid out by Tesseract's automatic page
     * analysis: the paper's shade is levelled out across the page (Leptonica's background
     * normalisation) and everything darker than the paper by more than a little is ink. Tesseract's
     * own threshold (Otsu's, over the whole page) falls between a dark table or border around a
     * photographed receipt and the receipt, or between grey thermal paper and the white sheet it
     * was scanned on, and then reads nothing of the text; this reads it.
     */
    public OcrOutcome recognizeAgainstPaper(BufferedImage gray, int dpi, Duration budget) {
        return recognize(gray, dpi, budget, true);
    }

    private OcrOutcome recognize(BufferedImage gray, int dpi, Duration budget, boolean againstPaper) {
        if (gray.getType() != BufferedImage.TYPE_BYTE_GRAY) {
            throw new IllegalArgumentException("A TYPE_BYTE_GRAY image is required");
        }
        TessBaseAPI api = engine();
        Deskew skew = Deskew.measure(gray);
        byte[] pixels = ((DataBufferByte) gray.getRaster().getDataBuffer()).getData();
        ETEXT_DESC monitor = TessMonitorCreate();
        try {
            if (againstPaper) {
                api.SetPageSegMode(PSM_AUTO);
                setInkOnPaper(api, pixels, gray.getWidth(), gray.getHeight());
            } else {
                setImage(api, pixels, gray.getWidth(), gray.getHeight());
            }
            api.SetSourceResolution(dpi);
            TessMonitorSetDeadlineMSecs(monitor, (int) Math.min(Integer.MAX_VALUE, Math.max(1, budget.toMillis())));
            long started = System.nanoTime();
            int status = api.Recognize(monitor);
            boolean stoppedEarly = status != 0 || System.nanoTime() - started >= budget.toNanos();
            return new OcrOutcome(words(api), stoppedEarly, skew.negligible() ? word -> word : skew::straight);
        } finally {
            api.SetPageSegMode(PSM_SPARSE_TEXT);
            api.Clear();
            TessMonitorDelete(monitor);
        }
    }

    /**
     * Reads again, one word each, the {@code cells} (pixel rectangles of {@code gray}) where a table
     * has a number missing: Tesseract's page layout drops lone short words such as a quantity of
     * "2", which it reads when pointed at them. Only digits, separators, signs and % are read.
     */
    public List<OcrWord> readCells(BufferedImage gray, int dpi, List<java.awt.Rectangle> cells, int firstLine) {
        List<OcrWord> found = new ArrayList<>();
        if (cells.isEmpty()) {
            return found;
        }
        TessBaseAPI api = engine();
        try {
            api.SetPageSegMode(PSM_SINGLE_LINE);
            api.SetVariable("tessedit_char_whitelist", "0123456789.,'%-");
            int line = firstLine;
            for (java.awt.Rectangle cell : cells) {
                java.awt.Rectangle inside = cell.intersection(new java.awt.Rectangle(0, 0, gray.getWidth(), gray.getHeight()));
                if (inside.isEmpty()) {
                    continue;
                }
                byte[] crop = withoutRules(gray, inside);
                setImage(api, crop, inside.width, inside.height);
                api.SetSourceResolution(dpi);
                if (api.Recognize(null) != 0) {
                    continue;
                }
                for (OcrWord word : words(api)) {
                    found.add(new OcrWord(word.text(), word.left() + inside.x, word.top() + inside.y,
                            word.right() + inside.x, word.bottom() + inside.y, word.confidence(), line));
                }
                line++;
            }
            return found;
        } finally {
            api.SetVariable("tessedit_char_whitelist", "");
            api.SetPageSegMode(PSM_SPARSE_TEXT);
            api.Clear();
        }
    }

    /**
     * Hands Tesseract 8-bit grey pixels (one byte a pixel, rows without padding) as a Leptonica
     * image, which it copies whole. Given the bytes instead, it copies them into its image one
     * pixel at a time, after the binding has copied the Java array: 18 ms on a 300 dpi A4 page,
     * against 5 ms this way.
     */
    private static void setImage(TessBaseAPI api, byte[] pixels, int width, int height) {
        PIX pix = toPix(pixels, width, height);
        try {
            api.SetImage(pix);
        } finally {
            pixDestroy(pix);
        }
    }

    /** As {@link #setImage}, the page made black and white against its levelled paper (see {@link #recognizeAgainstPaper}). */
    private static void setInkOnPaper(TessBaseAPI api, byte[] pixels, int width, int height) {
        PIX grey = toPix(pixels, width, height);
        PIX level = null;
        PIX ink = null;
        try {
            level = pixBackgroundNormSimple(grey, null, null);
            ink = level == null ? null : pixThresholdToBinary(level, INK_UNDER_NORMALISED_PAPER);
            api.SetImage(ink == null ? grey : ink);
        } finally {
            pixDestroy(grey);
            if (level != null) {
                pixDestroy(level);
            }
            if (ink != null) {
                pixDestroy(ink);
            }
        }
    }

    private static PIX toPix(byte[] pixels, int width, int height) {
        // Not cleared first: every word of every line is written below.
        PIX pix = pixCreateNoInit(width, height, 8);
        if (pix == null) {
            throw new IllegalStateException("Leptonica could not make a " + width + " x " + height + " image");
        }
        int wordsPerLine = pixGetWpl(pix);
        IntPointer data = pixGetData(pix);
        int[] line = new int[wordsPerLine];
        int whole = width / 4;
        for (int y = 0; y < height; y++) {
            int start = y * width;
            // Leptonica keeps four 8-bit pixels in a 32-bit word, the leftmost in its highest byte.
            for (int word = 0; word < whole; word++) {
                int at = start + word * 4;
                line[word] = (pixels[at] & 0xff) << 24 | (pixels[at + 1] & 0xff) << 16
                        | (pixels[at + 2] & 0xff) << 8 | pixels[at + 3] & 0xff;
            }
            if (whole < wordsPerLine) {
                int last = 0;
                for (int x = whole * 4; x < width; x++) {
                    last |= (pixels[start + x] & 0xff) << (24 - 8 * (x - whole * 4));
                }
                line[whole] = last;
            }
            data.position((long) y * wordsPerLine).put(line, 0, wordsPerLine);
        }
        return pix;
    }

    // The cell's pixels, black on white, with the table's rules painted over: a column with a
    // dark run over most of the crop's height, or a row with one over a third of its width, is a
    // rule (with its soft edges), and a single word next to a rule is not read.
    private static byte[] withoutRules(BufferedImage gray, java.awt.Rectangle cell) {
        byte[] page = ((DataBufferByte) gray.getRaster().getDataBuffer()).getData();
        int width = cell.width;
        int height = cell.height;
        byte[] crop = new byte[width * height];
        for (int y = 0; y < height; y++) {
            System.arraycopy(page, (cell.y + y) * gray.getWidth() + cell.x, crop, y * width, width);
        }
        int[] longestInColumn = new int[width];
        int[] runInColumn = new int[width];
        int[] longestInRow = new int[height];
        int[] histogram = new int[256];
        for (int y = 0; y < height; y++) {
            int run = 0;
            for (int x = 0; x < width; x++) {
                int value = crop[y * width + x] & 0xff;
                histogram[value]++;
                boolean dark = value < RULE_DARK;
                run = dark ? run + 1 : 0;
                longestInRow[y] = Math.max(longestInRow[y], run);
                runInColumn[x] = dark ? runInColumn[x] + 1 : 0;
                longestInColumn[x] = Math.max(longestInColumn[x], runInColumn[x]);
            }
        }
        byte paper = (byte) median(histogram, width * height);
        for (int x = 0; x < width; x++) {
            if (longestInColumn[x] > height * 0.6) {
                for (int edge = Math.max(0, x - RULE_EDGE); edge <= Math.min(width - 1, x + RULE_EDGE); edge++) {
                    for (int y = 0; y < height; y++) {
                        crop[y * width + edge] = paper;
                    }
                }
            }
        }
        for (int y = 0; y < height; y++) {
            if (longestInRow[y] > width / 3) {
                java.util.Arrays.fill(crop, Math.max(0, y - RULE_EDGE) * width, Math.min(height, y + RULE_EDGE + 1) * width, paper);
            }
        }
        // Black and white against the paper: a crop that is nearly all paper makes Tesseract's own
        // threshold fall inside the scanner's grain.
        int ink = (paper & 0xff) * 3 / 5;
        for (int i = 0; i < crop.length; i++) {
            crop[i] = (crop[i] & 0xff) < ink ? 0 : (byte) 255;
        }
        return crop;
    }

    private static int median(int[] histogram, int count) {
        int seen = 0;
        for (int value = 0; value < histogram.length; value++) {
            seen += histogram[value];
            if (seen * 2 >= count) {
                return value;
            }
        }
        return 255;
    }

    private static List<OcrWord> words(TessBaseAPI api) {
        List<OcrWord> words = new ArrayList<>();
        ResultIterator iterator = api.GetIterator();
        if (iterator == null) {
            return words;
        }
        int[] left = new int[1];
        int[] top = new int[1];
        int[] right = new int[1];
        int[] bottom = new int[1];
        int line = 0;
        try {
            do {
                BytePointer text = iterator.GetUTF8Text(RIL_WORD);
                if (text == null) {
                    continue;
                }
                String word = text.getString(StandardCharsets.UTF_8).strip();
                text.deallocate();
                if (!word.isEmpty() && iterator.BoundingBox(RIL_WORD, left, top, right, bottom)) {
                    double confidence = Math.max(0, Math.min(1, iterator.Confidence(RIL_WORD) / 100.0));
                    words.addAll(new OcrWord(word, left[0], top[0], right[0], bottom[0], confidence, line).withoutRules());
                }
                if (iterator.IsAtFinalElement(RIL_TEXTLINE, RIL_WORD)) {
                    line++;
                }
            } while (iterator.Next(RIL_WORD));
        } finally {
            iterator.deallocate();
        }
        return words;
    }

    /**
     * The quarter turns clockwise that make a page's text upright (0 to 3), where Tesseract's
     * orientation detection (its {@code osd} data) is sure of it; empty where it is not, or where the
     * machine lacks that data. Sure means a confidence of at least {@link #UPRIGHT_CONFIDENCE}, the
     * threshold OCRmyPDF rotates pages at.
     */
    public java.util.OptionalInt uprightTurns(BufferedImage gray, int dpi) {
        if (gray.getType() != BufferedImage.TYPE_BYTE_GRAY) {
            throw new IllegalArgumentException("A TYPE_BYTE_GRAY image is required");
        }
        TessBaseAPI api = orientationEngine();
        if (api == null) {
            return java.util.OptionalInt.empty();
        }
        try {
            return uprightTurns(api, gray, dpi);
        } finally {
            idleOrientationEngines.add(api);
        }
    }

    private static java.util.OptionalInt uprightTurns(TessBaseAPI api, BufferedImage gray, int dpi) {
        byte[] pixels = ((DataBufferByte) gray.getRaster().getDataBuffer()).getData();
        setImage(api, pixels, gray.getWidth(), gray.getHeight());
        api.SetSourceResolution(dpi);
        int[] degrees = new int[1];
        float[] confidence = new float[1];
        try (org.bytedeco.javacpp.PointerPointer<?> script = new org.bytedeco.javacpp.PointerPointer<>(1)) {
            float[] scriptConfidence = new float[1];
            try (IntPointer orientation = new IntPointer(degrees); org.bytedeco.javacpp.FloatPointer sure =
                    new org.bytedeco.javacpp.FloatPointer(confidence); org.bytedeco.javacpp.FloatPointer scriptSure =
                    new org.bytedeco.javacpp.FloatPointer(scriptConfidence)) {
                if (!api.DetectOrientationScript(orientation, sure, script, scriptSure)) {
                    return java.util.OptionalInt.empty();
                }
                degrees[0] = orientation.get();
                confidence[0] = sure.get();
            }
        } finally {
            api.Clear();
        }
        if (confidence[0] < UPRIGHT_CONFIDENCE) {
            return java.util.OptionalInt.empty();
        }
        // Tesseract names how far the text is turned clockwise (0, 90, 180, 270); the turn back completes the circle.
        return java.util.OptionalInt.of(Math.floorMod(-degrees[0] / 90, 4));
    }

    /**
     * An orientation engine of its own for the caller, returned to {@link #idleOrientationEngines} after use: they are
     * borrowed on upload threads, which are many, so not one is kept per thread; as many exist as ever ran at once.
     */
    private TessBaseAPI orientationEngine() {
        TessBaseAPI idle = idleOrientationEngines.poll();
        if (idle != null) {
            return idle;
        }
        if (!Files.isRegularFile(tessdata.resolve("osd.traineddata"))) {
            return null;
        }
        TessBaseAPI api = new TessBaseAPI();
        if (api.Init(tessdata.toString(), "osd") != 0) {
            api.close();
            return null;
        }
        api.SetPageSegMode(org.bytedeco.tesseract.global.tesseract.PSM_OSD_ONLY);
        created.add(api);
        return api;
    }

    private TessBaseAPI engine() {
        TessBaseAPI api = perThread.get();
        if (api == null) {
            api = new TessBaseAPI();
            if (api.Init(tessdata.toString(), languages) != 0) {
                api.close();
                throw new IllegalStateException("Tesseract could not load " + languages + " from " + tessdata);
            }
            // Sparse text: as much text as can be found, in no particular order (OcrPageText puts it
            // in rows). On the generated invoice scans the automatic layout analysis misread labels
            // where a block sat close to another column; this mode read them.
            api.SetPageSegMode(PSM_SPARSE_TEXT);
            perThread.set(api);
            created.add(api);
        }
        return api;
    }

    /** Frees every thread's engine; call when no recognition runs any more. */
    @Override
    public void close() {
        for (TessBaseAPI api; (api = created.poll()) != null; ) {
            api.End();
            api.close();
        }
    }

    /** An engine, or the reason OCR is unavailable. */
    public record Availability(Optional<TesseractEngine> engine, String problem) {

        static Availability of(TesseractEngine engine) {
            return new Availability(Optional.of(engine), null);
        }

        static Availability missing(String problem) {
            return new Availability(Optional.empty(), problem);
        }
    }
}
