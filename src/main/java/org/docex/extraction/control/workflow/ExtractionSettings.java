package org.docex.extraction.control.workflow;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import org.docex.documents.control.PageRenderer;
import org.docex.extraction.control.DocumentExtractor;
import org.docex.extraction.control.ExtractionLimits;
import org.docex.extraction.control.ocr.OcrReader;
import org.docex.extraction.control.ocr.TesseractEngine;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How this node runs extractions. The node id names this node's claims in the shared queue; it
 * must stay the same across restarts (so that a restarted node takes back its own leftovers at
 * once) and differ between nodes: the host name unless {@code DOCEX_NODE_ID} says otherwise.
 */
@ApplicationScoped
public class ExtractionSettings {

    private static final Logger LOG = Logger.getLogger(ExtractionSettings.class.getName());

    /** A running workflow whose node has not renewed its lease for this long is queued again. */
    static final Duration LEASE = Duration.ofSeconds(30);
    static final Duration LEASE_RENEWAL = Duration.ofSeconds(5);
    static final Duration POLL_INTERVAL = Duration.ofSeconds(1);
    static final int MAX_ATTEMPTS = 3;

    @Inject
    @ConfigProperty(name = "docex.extraction-threads")
    Optional<Integer> threads;

    @Inject
    @ConfigProperty(name = "docex.node-id")
    Optional<String> nodeId;

    @Inject
    @ConfigProperty(name = "docex.max-pages", defaultValue = "2000")
    int maxPages;

    /** {@code auto}: pages without a text layer are read by OCR where a workflow asks for it; {@code off}: never. */
    @Inject
    @ConfigProperty(name = "docex.ocr", defaultValue = "auto")
    String ocr;

    @Inject
    @ConfigProperty(name = "docex.ocr-languages", defaultValue = "eng+deu")
    String ocrLanguages;

    @Inject
    @ConfigProperty(name = "docex.ocr-dpi", defaultValue = "300")
    int ocrDpi;

    /** A page's recognition stops after this many seconds (fractions allowed), keeping the words read so far. */
    @Inject
    @ConfigProperty(name = "docex.ocr-page-seconds", defaultValue = "60")
    double ocrPageSeconds;

    /** All of a document's OCR stops after this many seconds; the pages not reached are left unread and named in a warning. */
    @Inject
    @ConfigProperty(name = "docex.ocr-document-seconds", defaultValue = "600")
    double ocrDocumentSeconds;

    /** Where the Tesseract language data is; by default TESSDATA_PREFIX, then where Debian and others put it. */
    @Inject
    @ConfigProperty(name = "docex.ocr-tessdata")
    Optional<String> tessdata;

    @Inject
    PageRenderer renderer;

    private OcrReader ocrReader;
    private TesseractEngine engine;

    /** Extractions this node runs at once: {@code DOCEX_EXTRACTION_THREADS}, by default one per core. */
    public int threads() {
        return Math.max(1, threads.orElse(Runtime.getRuntime().availableProcessors()));
    }

    public String nodeId() {
        return nodeId.filter(id -> !id.isBlank()).map(String::strip).orElseGet(ExtractionSettings::hostName);
    }

    /** Every page an upload may have can be extracted. */
    public DocumentExtractor extractor() {
        ExtractionLimits defaults = ExtractionLimits.defaults();
        return new DocumentExtractor(defaults.withMaxPages(Math.max(defaults.maxPages(), maxPages)), ocrReader());
    }

    /** OCR as configured, loaded once; what is missing is logged then. */
    public synchronized OcrReader ocrReader() {
        if (ocrReader == null) {
            ocrReader = createOcrReader();
        }
        return ocrReader;
    }

    /** The OCR engine as configured, loaded once; empty where OCR is off or unavailable. */
    public synchronized Optional<TesseractEngine> ocrEngine() {
        ocrReader();
        return Optional.ofNullable(engine);
    }

    private OcrReader createOcrReader() {
        if ("off".equals(ocr)) {
            LOG.info("OCR is turned off (DOCEX_OCR=off): pages without a text layer are not read");
            return OcrReader.off();
        }
        TesseractEngine.Availability availability;
        if (!"auto".equals(ocr)) {
            availability = new TesseractEngine.Availability(Optional.empty(), "DOCEX_OCR must be auto or off");
        } else {
            try {
                availability = TesseractEngine.load(tessdataCandidates(), ocrLanguages);
            } catch (IllegalArgumentException e) {
                availability = new TesseractEngine.Availability(Optional.empty(), e.getMessage());
            }
        }
        TesseractEngine.Availability loaded = availability;
        loaded.engine().ifPresentOrElse(found -> {
            engine = found;
            LOG.info(() -> "OCR with Tesseract (" + found.languages() + ") at " + ocrDpi + " dpi");
        }, () -> LOG.warning(() -> "OCR is unavailable: " + loaded.problem()
                + ". Extractions go on; pages without a text layer are not read and their results say so"));
        return OcrReader.of(availability, renderer, ocrDpi, Duration.ofMillis(Math.round(ocrPageSeconds * 1000)),
                Duration.ofMillis(Math.round(ocrDocumentSeconds * 1000)));
    }

    private List<Path> tessdataCandidates() {
        List<Path> candidates = new ArrayList<>();
        tessdata.filter(dir -> !dir.isBlank()).ifPresent(dir -> candidates.add(Path.of(dir)));
        candidates.addAll(TesseractEngine.usualTessdata());
        return candidates;
    }

    /** Frees the OCR engines once no extraction runs any more. */
    synchronized void closeOcr() {
        if (engine != null) {
            engine.close();
            engine = null;
            ocrReader = null;
        }
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "docex";
        }
    }
}
