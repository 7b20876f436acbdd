package org.docex.documents.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationLink;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.destination.PDPageFitDestination;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A batch scan cut at separator sheets (docex's, printed and scanned back) and blank pages, as a scanner
 * delivers it: pages as images without a text layer. A page with one short line on it is no blank page.
 */
class BatchSplitterTest {

    @TempDir
    Path dir;

    private final BatchSplitter splitter = splitter();

    private static BatchSplitter splitter() {
        BatchSplitter splitter = new BatchSplitter();
        splitter.renderer = new PageRenderer(25_000_000L, 100_000_000L);
        return splitter;
    }

    @Test
    void aScannedBatchIsCutAtSeparatorSheetsAndBlankPagesWhichAreDropped() throws Exception {
        Path batch = dir.resolve("batch.pdf");
        try (PDDocument sheet = Loader.loadPDF(BatchSplitter.sheet()); PDDocument scan = new PDDocument()) {
            scanned(scan, text("Invoice 1", "page 1 of 2"));
            scanned(scan, text("Invoice 1", "page 2 of 2"));
            scanned(scan, sheet);
            scanned(scan, text("Invoice 2", "the only page"));
            scanned(scan, blank());
            // The last page of the third invoice: one short line at its foot.
            scanned(scan, text(null, "Thank you"));
            scanned(scan, sheet);
            scan.save(batch.toFile());
        }

        assertEquals(List.of(new BatchSplitter.Pages(1, 2), new BatchSplitter.Pages(4, 4), new BatchSplitter.Pages(6, 6)),
                splitter.parts(batch));

        // All parts in one pass over the batch, each with its size and digest as written.
        List<Path> targets = List.of(dir.resolve("part-1.pdf"), dir.resolve("part-2.pdf"), dir.resolve("part-3.pdf"));
        List<UploadedFile> parts = BatchSplitter.cut(batch, splitter.parts(batch), targets);
        List<Integer> pages = new java.util.ArrayList<>();
        for (UploadedFile part : parts) {
            try (PDDocument cut = Loader.loadPDF(part.path().toFile())) {
                pages.add(cut.getNumberOfPages());
            }
            assertEquals(Files.size(part.path()), part.sizeBytes());
            assertEquals(java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(Files.readAllBytes(part.path()))), part.sha256Hex());
        }
        assertEquals(List.of(2, 1, 1), pages);
    }

    /**
     * Pages that inherit their resources from the page tree (as some scanners write them) and carry a link to another
     * page: a part keeps its text and holds its own page alone, not the batch the link leads back to.
     */
    @Test
    void aPartKeepsInheritedResourcesAndNotTheOtherPages() throws IOException {
        Path batch = dir.resolve("inherited.pdf");
        try (PDDocument document = new PDDocument()) {
            for (String title : List.of("First invoice", "Second invoice", "Third invoice")) {
                document.importPage(text(title, "page of " + title).getPage(0));
            }
            // One font resource for all pages, on the page tree's root, and none on the pages.
            COSDictionary resources = document.getPage(0).getCOSObject().getCOSDictionary(COSName.RESOURCES);
            for (PDPage page : document.getPages()) {
                page.getCOSObject().removeItem(COSName.RESOURCES);
            }
            document.getPages().getCOSObject().setItem(COSName.RESOURCES, resources);
            PDAnnotationLink link = new PDAnnotationLink();
            link.setRectangle(new PDRectangle(60, 60, 100, 20));
            PDPageFitDestination destination = new PDPageFitDestination();
            destination.setPage(document.getPage(2));
            link.setDestination(destination);
            document.getPage(0).getAnnotations().add(link);
            document.save(batch.toFile());
        }
        Path part = dir.resolve("first.pdf");
        BatchSplitter.cut(batch, List.of(new BatchSplitter.Pages(1, 1)), List.of(part));
        try (PDDocument cut = Loader.loadPDF(part.toFile())) {
            assertTrue(new PDFTextStripper().getText(cut).contains("First invoice"), "the inherited font is there");
            assertEquals(1, cut.getDocument().getObjectsByType(COSName.PAGE).size(), "no other page comes along");
        }
    }

    @Test
    void aTextPdfWithoutSeparatorsIsOnePart() throws IOException {
        Path pdf = dir.resolve("letters.pdf");
        try (PDDocument letters = new PDDocument()) {
            for (String title : List.of("First", "Second", "Third")) {
                letters.importPage(text(title, "Dear customer").getPage(0));
            }
            letters.save(pdf.toFile());
        }
        assertEquals(List.of(new BatchSplitter.Pages(1, 3)), splitter.parts(pdf));
    }

    @Test
    void aBatchOfSeparatorsAndBlankPagesHasNoPart() throws IOException {
        Path pdf = dir.resolve("empty.pdf");
        try (PDDocument sheet = Loader.loadPDF(BatchSplitter.sheet()); PDDocument scan = new PDDocument()) {
            scanned(scan, sheet);
            scanned(scan, blank());
            scan.save(pdf.toFile());
        }
        assertEquals(List.of(), splitter.parts(pdf));
    }

    @Test
    void theSeparatorSheetSaysWhatItIsAndCarriesTheCode() throws IOException {
        try (PDDocument sheet = Loader.loadPDF(BatchSplitter.sheet())) {
            assertEquals(1, sheet.getNumberOfPages());
            assertTrue(new PDFTextStripper().getText(sheet).contains("docex separator sheet"));
            BufferedImage grey = new PDFRenderer(sheet).renderImageWithDPI(0, BatchSplitter.DPI, ImageType.GRAY);
            assertTrue(BatchSplitter.isSeparator(grey));
        }
        try (PDDocument letter = text("Invoice", "Total 10.00")) {
            assertFalse(BatchSplitter.isSeparator(new PDFRenderer(letter).renderImageWithDPI(0, BatchSplitter.DPI, ImageType.GRAY)));
        }
    }

    @Test
    void specksOfDustAreNoInkButOneShortLineIs() throws IOException {
        BufferedImage dusty = new BufferedImage(827, 1169, BufferedImage.TYPE_BYTE_GRAY);
        java.awt.Graphics2D paint = dusty.createGraphics();
        paint.setColor(java.awt.Color.WHITE);
        paint.fillRect(0, 0, 827, 1169);
        paint.dispose();
        java.util.Random random = new java.util.Random(7);
        for (int speck = 0; speck < 400; speck++) {
            dusty.getRaster().setSample(random.nextInt(827), random.nextInt(1169), 0, random.nextInt(100));
        }
        assertTrue(BatchSplitter.ink(dusty) < BatchSplitter.BLANK_INK, () -> "ink " + BatchSplitter.ink(dusty));
        try (PDDocument thanks = text(null, "Thank you")) {
            int ink = BatchSplitter.ink(new PDFRenderer(thanks).renderImageWithDPI(0, BatchSplitter.DPI, ImageType.GRAY));
            assertTrue(ink > 2 * BatchSplitter.BLANK_INK, () -> "ink " + ink);
        }
    }

    @Test
    void aPartIsNamedAfterTheBatchAndItsPages() {
        assertEquals("scan (pages 3-5).pdf", new BatchSplitter.Pages(3, 5).name("scan.tif"));
        assertEquals("scan (page 2).pdf", new BatchSplitter.Pages(2, 2).name("scan"));
    }

    private static PDDocument text(String title, String footer) throws IOException {
        PDDocument document = new PDDocument();
        PDPage page = new PDPage(PDRectangle.A4);
        document.addPage(page);
        try (PDPageContentStream content = new PDPageContentStream(document, page)) {
            PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
            if (title != null) {
                content.beginText();
                content.setFont(font, 18);
                content.newLineAtOffset(60, 760);
                content.showText(title);
                content.endText();
                for (int line = 0; line < 12; line++) {
                    content.beginText();
                    content.setFont(font, 10);
                    content.newLineAtOffset(60, 700 - line * 16);
                    content.showText("Item " + line + "   consulting services, one day on site   1,250.00 EUR");
                    content.endText();
                }
            }
            content.beginText();
            content.setFont(font, 9);
            content.newLineAtOffset(60, 60);
            content.showText(footer);
            content.endText();
        }
        return document;
    }

    private static PDDocument blank() {
        PDDocument document = new PDDocument();
        document.addPage(new PDPage(PDRectangle.A4));
        return document;
    }

    /** The first page of {@code paper}, as a 200 dpi grey scan of it (no text layer), added to {@code scan}. */
    private static void scanned(PDDocument scan, PDDocument paper) throws IOException {
        BufferedImage image = new PDFRenderer(paper).renderImageWithDPI(0, 200, ImageType.GRAY);
        PDPage page = new PDPage(PDRectangle.A4);
        scan.addPage(page);
        PDImageXObject xobject = LosslessFactory.createFromImage(scan, image);
        try (PDPageContentStream content = new PDPageContentStream(scan, page)) {
            content.drawImage(xobject, 0, 0, PDRectangle.A4.getWidth(), PDRectangle.A4.getHeight());
        }
    }
}
