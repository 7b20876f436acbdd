package org.docex.documents.control;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.EncodeHintType;
import com.google.zxing.NotFoundException;
import com.google.zxing.PlanarYUVLuminanceSource;
import com.google.zxing.ReaderException;
import com.google.zxing.Result;
import com.google.zxing.WriterException;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import com.google.zxing.qrcode.QRCodeWriter;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.awt.image.BufferedImage;
import java.awt.image.Raster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.pdfbox.multipdf.Splitter;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.text.PDFTextStripper;

/**
 * Where a batch scan is cut into documents: at separator sheets, docex's own (a page whose QR code says
 * {@value #CODE}; {@link #sheet()} makes it) or the "PATCH T" sheet that scanning software knows (a QR code
 * saying {@code PATCHT}), and at blank pages: no text layer and almost no ink (fewer than {@value #BLANK_INK}
 * dark pixels in strokes inside a margin; a short line of small print has several times that). The separators are
 * dropped; the pages between them are the parts. Each page is looked at in grey at {@value #DPI} dpi (a 4 cm QR code
 * is 150 pixels there) through {@link PageRenderer}'s limits.
 */
@ApplicationScoped
public class BatchSplitter {

    /** What docex's separator sheet's QR code says. */
    public static final String CODE = "DOCEX-SEPARATOR";
    private static final Set<String> SEPARATOR_CODES = Set.of(CODE, "PATCHT", "PATCH T");
    static final int DPI = 100;
    /** Pages of a batch looked at most (each is rendered and searched for a code while the upload waits). */
    public static final int MAX_PAGES = 500;
    /**
     * A page with less ink than this (dark pixels in strokes, see {@link #ink}) and no text is blank: a full stop is
     * about 4, the word "Thank you" in 9 points about 150 at {@value #DPI} dpi.
     */
    static final int BLANK_INK = 40;
    private static final int DARK = 128;

    @Inject
    PageRenderer renderer;

    /** Pages {@code first} to {@code last} (1-based, inclusive) of the batch. */
    public record Pages(int first, int last) {

        public int count() {
            return last - first + 1;
        }

        /** The part's file name: the batch's, its pages added ({@code scan (pages 3-5).pdf}). */
        public String name(String batch) {
            int dot = batch.lastIndexOf('.');
            String stem = dot > 0 ? batch.substring(0, dot) : batch;
            return stem + (first == last ? " (page " + first + ")" : " (pages " + first + "-" + last + ")") + ".pdf";
        }

        /** The range as clients write it: {@code [first, last]}. */
        public List<Integer> pair() {
            return List.of(first, last);
        }

        /** The same pages numbered from {@code page} on as 1 ({@code [3, 5]} within a part from page 3 on is {@code [1, 3]}). */
        public Pages from(int page) {
            return new Pages(first - page + 1, last - page + 1);
        }

        /** Ranges as stored: {@code 1-2,3-5}; empty for none. */
        public static String format(List<Pages> ranges) {
            return String.join(",", ranges.stream().map(range -> range.first + "-" + range.last).toList());
        }

        /** What {@link #format} wrote. */
        public static List<Pages> parse(String stored) {
            if (stored.isEmpty()) {
                return List.of();
            }
            return java.util.Arrays.stream(stored.split(",")).map(range -> range.split("-"))
                    .map(ends -> new Pages(Integer.parseInt(ends[0]), Integer.parseInt(ends[1]))).toList();
        }

        /**
         * The ranges that cut {@code part} (first and last page) where an invoice starts at each of {@code starts}
         * (pages within it, in order, after its first); empty where there is none.
         */
        public static List<Pages> cutAt(Pages part, List<Integer> starts) {
            if (starts.isEmpty()) {
                return List.of();
            }
            List<Pages> ranges = new ArrayList<>();
            int first = part.first;
            for (int start : starts) {
                ranges.add(new Pages(first, start - 1));
                first = start;
            }
            ranges.add(new Pages(first, part.last));
            return ranges;
        }
    }

    /** What a page of a batch is. */
    enum Kind {
        CONTENT, SEPARATOR, BLANK
    }

    /** The parts of the PDF, in order, without the separator pages; empty where every page is one. */
    public List<Pages> parts(Path pdf) throws IOException {
        List<Pages> parts = new ArrayList<>();
        try (PDDocument document = MemoryBoundedPdfOpener.open(pdf)) {
            int pages = document.getNumberOfPages();
            int start = 0;
            for (int n = 1; n <= pages; n++) {
                if (kind(document, n) == Kind.CONTENT) {
                    if (start == 0) {
                        start = n;
                    }
                } else if (start > 0) {
                    parts.add(new Pages(start, n - 1));
                    start = 0;
                }
            }
            if (start > 0) {
                parts.add(new Pages(start, pages));
            }
        }
        return parts;
    }

    private Kind kind(PDDocument document, int pageNumber) throws IOException {
        BufferedImage grey;
        try {
            grey = renderer.renderGrey(document, pageNumber, DPI, false).image();
        } catch (PageRenderException | PageNotFoundException e) {
            // A page that cannot be looked at is kept as content: nothing is dropped on a guess.
            return Kind.CONTENT;
        }
        if (isSeparator(grey)) {
            return Kind.SEPARATOR;
        }
        return ink(grey) < BLANK_INK && !hasText(document, pageNumber) ? Kind.BLANK : Kind.CONTENT;
    }

    static boolean isSeparator(BufferedImage grey) {
        Map<DecodeHintType, Object> hints = new EnumMap<>(DecodeHintType.class);
        hints.put(DecodeHintType.TRY_HARDER, Boolean.TRUE);
        hints.put(DecodeHintType.POSSIBLE_FORMATS, List.of(BarcodeFormat.QR_CODE));
        try {
            Result result = new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(luminance(grey))), hints);
            return SEPARATOR_CODES.contains(result.getText().strip());
        } catch (NotFoundException none) {
            return false;
        } catch (ReaderException unreadable) {
            return false;
        }
    }

    /** The grey pixels as ZXing reads them (a luminance plane; its image reader is in a library of its own). */
    private static PlanarYUVLuminanceSource luminance(BufferedImage grey) {
        int width = grey.getWidth();
        int height = grey.getHeight();
        int[] samples = grey.getRaster().getSamples(0, 0, width, height, 0, (int[]) null);
        byte[] plane = new byte[samples.length];
        for (int i = 0; i < samples.length; i++) {
            plane[i] = (byte) samples[i];
        }
        return new PlanarYUVLuminanceSource(plane, width, height, 0, 0, width, height, false);
    }

    /**
     * The dark pixels inside a margin of 5% (a scanner's edges, shadows and punched holes lie outside it) that touch
     * two other dark pixels: strokes of writing do, a scan's specks of dust mostly do not.
     */
    static int ink(BufferedImage grey) {
        int width = grey.getWidth();
        int height = grey.getHeight();
        int x0 = Math.max(1, width / 20);
        int y0 = Math.max(1, height / 20);
        int x1 = width - x0;
        int y1 = height - y0;
        if (x1 <= x0 || y1 <= y0) {
            return 0;
        }
        Raster raster = grey.getRaster();
        int w = x1 - x0 + 2;
        int[][] rows = new int[3][w];
        raster.getSamples(x0 - 1, y0 - 1, w, 1, 0, rows[0]);
        raster.getSamples(x0 - 1, y0, w, 1, 0, rows[1]);
        int ink = 0;
        for (int y = y0; y < y1; y++) {
            raster.getSamples(x0 - 1, y + 1, w, 1, 0, rows[2]);
            for (int x = 1; x < w - 1; x++) {
                if (rows[1][x] < DARK) {
                    int neighbours = -1;
                    for (int[] row : rows) {
                        for (int dx = -1; dx <= 1; dx++) {
                            if (row[x + dx] < DARK) {
                                neighbours++;
                            }
                        }
                    }
                    if (neighbours >= 2) {
                        ink++;
                    }
                }
            }
            int[] first = rows[0];
            rows[0] = rows[1];
            rows[1] = rows[2];
            rows[2] = first;
        }
        return ink;
    }

    /** Whether the page has text; a page whose text cannot be read is taken as having some: nothing is dropped on a guess. */
    private static boolean hasText(PDDocument document, int pageNumber) {
        PDFTextStripper stripper = new PDFTextStripper();
        stripper.setStartPage(pageNumber);
        stripper.setEndPage(pageNumber);
        try {
            return !stripper.getText(document).isBlank();
        } catch (IOException | RuntimeException unreadable) {
            return true;
        }
    }

    /**
     * Writes each range of {@code pdf} to its target as a PDF of its own, opening the batch once, with PDFBox's
     * {@link Splitter}: it carries resources a page inherits from the page tree and cuts the links of annotations back
     * to the other pages, which a page imported alone would keep (and with them the whole batch in every part).
     *
     * @return the files written, with their size and SHA-256 (computed while writing)
     */
    static List<UploadedFile> cut(Path pdf, List<Pages> ranges, List<Path> targets) throws IOException {
        List<UploadedFile> written = new ArrayList<>();
        try (PDDocument source = MemoryBoundedPdfOpener.open(pdf)) {
            source.setAllSecurityToBeRemoved(true);
            for (int i = 0; i < ranges.size(); i++) {
                Pages pages = ranges.get(i);
                Splitter splitter = new Splitter();
                splitter.setStartPage(pages.first());
                splitter.setEndPage(pages.last());
                splitter.setSplitAtPage(pages.count());
                List<PDDocument> parts = splitter.split(source);
                try {
                    written.add(save(parts.get(0), targets.get(i)));
                } finally {
                    for (PDDocument part : parts) {
                        part.close();
                    }
                }
            }
        }
        return written;
    }

    private static UploadedFile save(PDDocument part, Path target) throws IOException {
        return CountingUpload.write(target, part::save);
    }

    /**
     * docex's separator sheet: an A4 page with the QR code saying {@value #CODE} (7 cm, drawn as vector squares,
     * so it prints sharp) and a line saying what it is for.
     */
    public static byte[] sheet() {
        Map<EncodeHintType, Object> hints = new EnumMap<>(EncodeHintType.class);
        hints.put(EncodeHintType.ERROR_CORRECTION, ErrorCorrectionLevel.H);
        hints.put(EncodeHintType.MARGIN, 0);
        BitMatrix matrix;
        try {
            matrix = new QRCodeWriter().encode(CODE, BarcodeFormat.QR_CODE, 0, 0, hints);
        } catch (WriterException e) {
            throw new IllegalStateException(e);
        }
        float size = 7 / 2.54f * 72;
        float module = size / matrix.getWidth();
        try (PDDocument document = new PDDocument()) {
            PDPage page = new PDPage(PDRectangle.A4);
            document.addPage(page);
            float left = (PDRectangle.A4.getWidth() - size) / 2;
            float bottom = (PDRectangle.A4.getHeight() - size) / 2;
            try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                for (int y = 0; y < matrix.getHeight(); y++) {
                    for (int x = 0; x < matrix.getWidth(); x++) {
                        if (matrix.get(x, y)) {
                            content.addRect(left + x * module, bottom + size - (y + 1) * module, module, module);
                        }
                    }
                }
                content.fill();
                PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA_BOLD);
                text(content, font, 20, bottom + size + 60, "docex separator sheet");
                text(content, new PDType1Font(Standard14Fonts.FontName.HELVETICA), 11, bottom - 50,
                        "Put this sheet before each document of a batch scan. Upload with split=separator:");
                text(content, new PDType1Font(Standard14Fonts.FontName.HELVETICA), 11, bottom - 66,
                        "docex starts a new document after it and leaves this page out.");
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void text(PDPageContentStream content, PDType1Font font, float size, float y, String line)
            throws IOException {
        float width = font.getStringWidth(line) / 1000 * size;
        content.beginText();
        content.setFont(font, size);
        content.newLineAtOffset((PDRectangle.A4.getWidth() - width) / 2, y);
        content.showText(line);
        content.endText();
    }
}
