package org.docex.documents.control;

import static org.docex.documents.control.SamplePdfs.sample;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.zip.DeflaterOutputStream;
import javax.imageio.ImageIO;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PageRendererTest {

    private static final Duration FAST = Duration.ofSeconds(15);
    private static final String IMAGE_TOO_LARGE = "The page contains an image too large to render";
    private static final String TOO_COMPLEX = "The page is too complex to render";

    private final PageRenderer renderer = new PageRenderer(25_000_000, 100_000_000);

    @TempDir
    Path tmp;

    @Test
    void rendersAnA4PageAt300DpiToItsFullSize() throws Exception {
        RenderedPage page = renderer.render(sample("good.pdf"), 1, 300);

        // A4 is 595.28 x 841.89 points: 2480 x 3507 pixels at 300 dpi.
        assertEquals(2480, page.widthPx());
        assertEquals(3507, page.heightPx());
        BufferedImage png = ImageIO.read(new ByteArrayInputStream(page.png()));
        assertEquals(2480, png.getWidth());
        assertEquals(3507, png.getHeight());
    }

    @Test
    void lowersTheScaleOfAHugePageToFitThePixelBudget() throws Exception {
        Path huge = SamplePdfs.blankPages(tmp, new PDRectangle(14_400, 7_200), 1);

        RenderedPage page = new PageRenderer(2_000_000, 100_000_000).render(huge, 1, 300);

        assertTrue((long) page.widthPx() * page.heightPx() <= 2_000_000, page.widthPx() + "x" + page.heightPx());
        assertTrue(page.widthPx() > 1_900, "scaled no further than needed: " + page.widthPx());
        assertEquals(2.0, (double) page.widthPx() / page.heightPx(), 0.01);
    }

    @Test
    void swapsWidthAndHeightOfARotatedPage() throws Exception {
        Path rotated = tmp.resolve("rotated.pdf");
        try (PDDocument document = new PDDocument()) {
            PDPage page = new PDPage(new PDRectangle(144, 72));
            page.setRotation(90);
            document.addPage(page);
            document.save(rotated.toFile());
        }

        RenderedPage page = renderer.render(rotated, 1, 72);

        assertEquals(72, page.widthPx());
        assertEquals(144, page.heightPx());
    }

    @Test
    void refusesPagesOutsideTheDocument() {
        assertThrows(PageNotFoundException.class, () -> renderer.render(sample("good.pdf"), 0, 110));
        assertThrows(PageNotFoundException.class, () -> renderer.render(sample("good.pdf"), 2, 110));
        assertThrows(PageNotFoundException.class, () -> renderer.render(sample("pagecount-lie.pdf"), 2, 110));
    }

    @Test
    void refusesTheHugeImageBeforeDecodingIt() {
        PageRenderException refused = assertTimeoutPreemptively(FAST, () ->
                assertThrows(PageRenderException.class, () -> renderer.render(sample("bomb-image-30000x30000.pdf"), 1, 110)));

        assertEquals(IMAGE_TOO_LARGE, refused.getMessage());
    }

    @Test
    void refusesASmallImageWhoseDataInflatesFarBeyondItsSize() throws Exception {
        Path bomb = imageWithData(100, 100, 64 * 1024 * 1024);

        PageRenderException refused = assertThrows(PageRenderException.class, () -> renderer.render(bomb, 1, 110));

        assertEquals(IMAGE_TOO_LARGE, refused.getMessage());
    }

    @Test
    void rendersAnImageWhoseDataFitsItsSize() throws Exception {
        Path picture = imageWithData(100, 100, 100 * 100);

        assertEquals(110, renderer.render(picture, 1, 72).widthPx());
    }

    @Test
    void refusesContentThatInflatesPastTheBudgetQuickly() {
        PageRenderException refused = assertTimeoutPreemptively(FAST, () ->
                assertThrows(PageRenderException.class, () -> renderer.render(sample("bomb-flate-1GiB.pdf"), 1, 110)));

        assertEquals(TOO_COMPLEX, refused.getMessage());
    }

    @Test
    void failsCleanlyAndQuicklyOnTheFuzzedFile() {
        // Without the guard against far-off paths this page keeps Java2D busy for about a minute.
        PageRenderException refused = assertTimeoutPreemptively(FAST, () ->
                assertThrows(PageRenderException.class, () -> renderer.render(sample("jazzer-crash-matrix.pdf"), 1, 110)));

        assertEquals("The page cannot be rendered", refused.getMessage());
    }

    @Test
    void failsCleanlyOnACyclicPageTree() {
        PageRenderException refused = assertTimeoutPreemptively(FAST, () ->
                assertThrows(PageRenderException.class, () -> renderer.render(sample("cyclic-pagetree.pdf"), 1, 110)));

        assertEquals("The page cannot be rendered", refused.getMessage());
    }

    @Test
    void stopsARenderThatRunsPastItsTimeLimit() {
        PageRenderer impatient = new PageRenderer(25_000_000, 100_000_000, Duration.ZERO);

        PageRenderException refused = assertThrows(PageRenderException.class, () -> impatient.render(sample("good.pdf"), 1, 110));

        assertEquals(TOO_COMPLEX, refused.getMessage());
    }

    @Test
    void rendersTheOtherAcceptedSamples() throws Exception {
        for (String name : new String[] {"acroform.pdf", "scanned.pdf", "brokenxref.pdf", "enc-rc4-emptyuser.pdf",
                "pagecount-lie.pdf", "javascript.pdf"}) {
            RenderedPage page = renderer.render(sample(name), 1, 36);
            assertTrue(page.png().length > 0 && page.widthPx() > 0, name);
        }
    }

    private Path imageWithData(int width, int height, int dataBytes) throws IOException {
        Path file = tmp.resolve("image-" + dataBytes + ".pdf");
        try (PDDocument document = new PDDocument()) {
            COSStream image = document.getDocument().createCOSStream();
            image.setItem(COSName.SUBTYPE, COSName.IMAGE);
            image.setInt(COSName.WIDTH, width);
            image.setInt(COSName.HEIGHT, height);
            image.setInt(COSName.BITS_PER_COMPONENT, 8);
            image.setItem(COSName.COLORSPACE, COSName.DEVICEGRAY);
            image.setItem(COSName.FILTER, COSName.FLATE_DECODE);
            try (OutputStream out = new DeflaterOutputStream(image.createRawOutputStream())) {
                out.write(new byte[dataBytes]);
            }
            PDPage page = new PDPage(new PDRectangle(110, 110));
            page.setResources(new PDResources());
            document.addPage(page);
            COSName name = page.getResources().add(new PDImageXObject(new org.apache.pdfbox.pdmodel.common.PDStream(image), null));
            try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                content.drawImage((PDImageXObject) page.getResources().getXObject(name), 0, 0, 110, 110);
            }
            document.save(file.toFile());
        }
        return file;
    }
}
