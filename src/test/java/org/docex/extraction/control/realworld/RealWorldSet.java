package org.docex.extraction.control.realworld;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentCatalog;
import org.apache.pdfbox.pdmodel.PDDocumentNameDictionary;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.docex.extraction.control.DocumentExtractor;
import org.docex.extraction.control.ExtractionLimits;
import org.docex.extraction.control.ExtractionResult;
import org.docex.extraction.control.ProgressListener;
import org.docex.extraction.control.Template;

/**
 * Real invoices with the values their issuer meant, for measuring how well the printed page is
 * read: the development set of German EN 16931 sample invoices ({@code ../shared/realworld}, truth
 * read from each invoice's XML). The PDFs are read as printed invoices: {@link #printedOnly} drops
 * the attached XML, so that only the page can give the fields.
 */
public final class RealWorldSet {

    /** Where the development set lies; {@code -Ddocex.realworld=DIR} names another copy. */
    public static final Path DIRECTORY = Path.of(System.getProperty("docex.realworld", "../shared/realworld"));

    /** One invoice: its file, the language it is written in and the expected value of each field. */
    public record Invoice(Path file, String language, Map<String, String> expected, List<Map<String, String>> lines) {

        public Invoice(Path file, String language, Map<String, String> expected) {
            this(file, language, expected, List.of());
        }

        /** The same invoice in another file (its print alone, a scan of it). */
        public Invoice in(Path other) {
            return new Invoice(other, language, expected, lines);
        }

        public String id() {
            return file.getFileName().toString();
        }
    }

    private RealWorldSet() {
    }

    public static boolean available() {
        return Files.isRegularFile(DIRECTORY.resolve("truth.json"));
    }

    /** Where the project's own real-world set lies: sample invoices of other countries, their sources and licences in SOURCES.md. */
    public static final Path PROJECT_SET = Path.of("src/test/resources/realworld");
    private static final String SCANS = "scans";
    private static final String HYBRID = "hybrid";
    /** The first held-out set's directory under the project's set. */
    public static final String HELD_OUT = "heldout";
    /** The second held-out set's directory under the project's set (other producers again, more languages). */
    public static final String HELD_OUT_2 = "heldout2";
    /** A further development set's directory under the project's set: sample invoices of other producers. */
    public static final String MORE = "more";
    /**
     * A development set of real vendors' bills (hotels, shops, services in a dozen countries) as their
     * owner scanned them, under {@code travel/<language>/} with its own truth.json and SOURCES.md.
     */
    public static final String TRAVEL = "travel";
    private static final float SCAN_DPI = 200;

    /**
     * Hybrid e-invoices of other producers than the development set's (other programs, countries
     * and layouts), under {@code hybrid/<language>/} of the project's set, sources in its SOURCES.md:
     * read as printed invoices, with the truth their own XML gives where the print shows it.
     */
    public static List<Invoice> otherProducers() throws Exception {
        Path hybrid = PROJECT_SET.resolve(HYBRID);
        if (!Files.isDirectory(hybrid)) {
            return List.of();
        }
        DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults());
        List<Path> files;
        try (Stream<Path> walk = Files.walk(hybrid)) {
            files = walk.filter(file -> file.toString().toLowerCase(Locale.ROOT).endsWith(".pdf")).sorted().toList();
        }
        List<Invoice> invoices = new ArrayList<>();
        for (Path file : files) {
            String language = hybrid.relativize(file).getName(0).toString();
            ExtractionResult withXml = extractor.extract(file, Template.INVOICE, List.of(), ProgressListener.NONE);
            Map<String, String> expected = PrintedTruth.fields(withXml, language);
            if (expected.isEmpty()) {
                throw new IllegalStateException(file + ": its XML gives no field the print shows; it cannot measure reading");
            }
            invoices.add(new Invoice(file, language, expected, PrintedTruth.lines(withXml)));
        }
        return invoices;
    }

    /** The plain XML e-invoices' files of the development set, in name order. */
    public static List<Path> plainXmlFiles() throws IOException {
        try (java.util.stream.Stream<Path> walk = Files.walk(DIRECTORY.resolve("xml"))) {
            return walk.filter(file -> file.toString().endsWith(".xml")).sorted().toList();
        }
    }

    /** The plain XML e-invoices of the development set (CII and UBL), with what their XML says. */
    public static List<Invoice> plainXml() {
        return read(DIRECTORY, "xml/", "de");
    }

    /** The hybrid PDFs of the development set, with the invoice fields their XML gives (line items left out). */
    public static List<Invoice> hybridPdfs() {
        return read(DIRECTORY, "pdf/", "de");
    }

    /**
     * The project's own set of born-digital invoices in several languages, with the fields their
     * print shows: the invoices of the set's own truth.json (each held-out set keeps its own).
     */
    public static List<Invoice> otherCountries() {
        return read(PROJECT_SET, "", null).stream()
                .filter(invoice -> !PROJECT_SET.relativize(invoice.file()).startsWith(SCANS)
                        && !PROJECT_SET.relativize(invoice.file()).startsWith(HYBRID)).toList();
    }

    /**
     * A set of its own under the project's set ({@link #HELD_OUT}, {@link #HELD_OUT_2}, {@link #MORE},
     * {@link #TRAVEL}): its files under {@code <set>/<language>/}, with their own truth.json (the fields
     * their print shows) and SOURCES.md. The held-out sets measure reading untuned: no rule is fitted to them.
     */
    public static List<Invoice> ofSet(String set) {
        return read(PROJECT_SET.resolve(set), "", null);
    }

    /**
     * The project's real scans and photos of invoices and receipts (image-only PDFs, JPEG and PNG
     * files) with what they show; images come as one-page image-only PDFs in {@code dir}, as a
     * scanner's PDF would hold them (200 dpi).
     */
    public static List<Invoice> scans(Path dir) throws IOException {
        List<Invoice> scans = new ArrayList<>();
        for (Invoice invoice : read(PROJECT_SET, SCANS + "/", null)) {
            String name = invoice.file().getFileName().toString().toLowerCase(Locale.ROOT);
            scans.add(name.endsWith(".pdf") ? invoice : invoice.in(imagePdf(invoice.file(), dir)));
        }
        return scans;
    }

    /** The project's real scan or photo {@code name} (under its scans folder, "de/receipt.jpg") as an image-only PDF in {@code dir}. */
    public static Path scan(String name, Path dir) throws IOException {
        return imagePdf(PROJECT_SET.resolve(SCANS).resolve(name), dir);
    }

    private static Path imagePdf(Path image, Path dir) throws IOException {
        Path pdf = dir.resolve(image.getFileName() + ".pdf");
        try (PDDocument document = new PDDocument()) {
            PDImageXObject picture = PDImageXObject.createFromFile(image.toString(), document);
            float points = 72f / SCAN_DPI;
            PDPage page = new PDPage(new PDRectangle(picture.getWidth() * points, picture.getHeight() * points));
            document.addPage(page);
            try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                content.drawImage(picture, 0, 0, page.getMediaBox().getWidth(), page.getMediaBox().getHeight());
            }
            document.save(pdf.toFile());
        }
        return pdf;
    }

    private static List<Invoice> read(Path directory, String prefix, String language) {
        List<Invoice> invoices = new ArrayList<>();
        try (InputStream in = Files.newInputStream(directory.resolve("truth.json")); JsonReader reader = Json.createReader(in)) {
            JsonObject truth = reader.readObject();
            for (Map.Entry<String, JsonValue> entry : truth.entrySet()) {
                if (!entry.getKey().startsWith(prefix)) {
                    continue;
                }
                Map<String, String> expected = new LinkedHashMap<>();
                for (Map.Entry<String, JsonValue> field : entry.getValue().asJsonObject().entrySet()) {
                    if (field.getValue() instanceof JsonString text && !text.getString().isBlank()) {
                        expected.put(field.getKey(), text.getString());
                    }
                }
                String written = expected.remove("language");
                List<Map<String, String>> lines = new ArrayList<>();
                JsonValue items = entry.getValue().asJsonObject().get("line_items");
                if (items instanceof JsonArray array) {
                    for (JsonValue item : array) {
                        Map<String, String> line = new LinkedHashMap<>();
                        item.asJsonObject().forEach((name, value) -> {
                            if (value instanceof JsonString text) {
                                line.put(name, text.getString());
                            }
                        });
                        lines.add(line);
                    }
                }
                invoices.add(new Invoice(directory.resolve(entry.getKey()), language != null ? language : written, expected,
                        lines));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return invoices;
    }

    /**
     * {@code pdf} as printed, its pages alone (as {@code qpdf --empty --pages IN 1-z -- OUT}): a copy
     * in {@code dir} without its attached files (an invoice XML), or the file itself when it has
     * none, so that a file that cannot be saved again (an encrypted one) is read as it is.
     */
    public static Path printedOnly(Path pdf, Path dir) throws IOException {
        try (PDDocument document = Loader.loadPDF(pdf.toFile())) {
            PDDocumentCatalog catalog = document.getDocumentCatalog();
            PDDocumentNameDictionary names = catalog.getNames();
            if ((names == null || names.getEmbeddedFiles() == null) && !catalog.getCOSObject().containsKey(COSName.AF)) {
                return pdf;
            }
            catalog.getCOSObject().removeItem(COSName.NAMES);
            catalog.getCOSObject().removeItem(COSName.AF);
            Path copy = dir.resolve(pdf.getFileName());
            document.save(copy.toFile());
            return copy;
        }
    }
}
