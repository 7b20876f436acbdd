package org.docex.extraction.control.ocr;

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
import org.bytedeco.javacpp.Loader;
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

    private final Path tessdata;
    private final String languages;
    private final ThreadLocal<TessBaseAPI> perThread = new ThreadLocal<>();
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
        if (gray.getType() != BufferedImage.TYPE_BYTE_GRAY) {
            throw new IllegalArgumentException("A TYPE_BYTE_GRAY image is required");
        }
        TessBaseAPI api = engine();
        Deskew skew = Deskew.measure(gray);
        byte[] pixels = ((DataBufferByte) gray.getRaster().getDataBuffer()).getData();
        ETEXT_DESC monitor = TessMonitorCreate();
        try {
            api.SetImage(pixels, gray.getWidth(), gray.getHeight(), 1, gray.getWidth());
            api.SetSourceResolution(dpi);
            TessMonitorSetDeadlineMSecs(monitor, (int) Math.min(Integer.MAX_VALUE, Math.max(1, budget.toMillis())));
            long started = System.nanoTime();
            int status = api.Recognize(monitor);
            boolean stoppedEarly = status != 0 || System.nanoTime() - started >= budget.toNanos();
            return new OcrOutcome(words(api), stoppedEarly, skew.negligible() ? word -> word : skew::straight);
        } finally {
            api.Clear();
            TessMonitorDelete(monitor);
        }
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
                    words.add(new OcrWord(word, left[0], top[0], right[0], bottom[0], confidence, line));
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
