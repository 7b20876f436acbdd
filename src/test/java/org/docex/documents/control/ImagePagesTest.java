package org.docex.documents.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.ClientErrorException;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Images made into the PDF docex works on: every page, at its resolution, upright, within the limits. */
class ImagePagesTest {

    private final ImagePages images = new ImagePages(50, 40_000_000, null);

    @TempDir
    Path dir;

    @Test
    void theKindOfImageIsReadFromItsFirstBytes() throws IOException {
        assertEquals(Optional.of(ImagePages.JPEG), ImagePages.typeOf(encode(page(30, 20), "jpeg")));
        assertEquals(Optional.of(ImagePages.PNG), ImagePages.typeOf(encode(page(30, 20), "png")));
        assertEquals(Optional.of(ImagePages.TIFF), ImagePages.typeOf(tiff(List.of(page(30, 20)), "LZW", BufferedImage.TYPE_INT_RGB)));
        assertEquals(Optional.empty(), ImagePages.typeOf("%PDF-1.7".getBytes()));
        assertEquals(Optional.empty(), ImagePages.typeOf(new byte[] {(byte) 0xFF}));
    }

    @Test
    void aJpegBecomesOnePageOfItsSizeWithItsOwnBytes() throws IOException {
        byte[] jpeg = encode(page(600, 300), "jpeg");
        try (PDDocument pdf = convert(jpeg, ImagePages.JPEG, 1)) {
            PDPage page = pdf.getPage(0);
            // No resolution stated: 300 dpi, so that rendering the page at 300 dpi gives back its pixels.
            assertEquals(144, page.getMediaBox().getWidth(), 0.01);
            assertEquals(72, page.getMediaBox().getHeight(), 0.01);
            org.apache.pdfbox.pdmodel.PDResources resources = pdf.getPage(0).getResources();
            byte[] embedded;
            try (java.io.InputStream raw = ((org.apache.pdfbox.cos.COSStream) resources.getXObject(resources.getXObjectNames().iterator().next())
                    .getCOSObject()).createRawInputStream()) {
                embedded = raw.readAllBytes();
            }
            assertArrayEquals(jpeg, embedded, "the JPEG is embedded as it came");
        }
    }

    @Test
    void aMultiPageTiffGivesAPagePerImageInLzwAndCcittFax() throws IOException {
        for (String compression : List.of("LZW", "CCITT T.6")) {
            int type = compression.startsWith("CCITT") ? BufferedImage.TYPE_BYTE_BINARY : BufferedImage.TYPE_INT_RGB;
            byte[] tiff = tiff(List.of(page(300, 400), page(300, 400), page(400, 300)), compression, type);
            try (PDDocument pdf = convert(tiff, ImagePages.TIFF, 3)) {
                assertEquals(96, pdf.getPage(2).getMediaBox().getWidth(), 0.01, compression);
                BufferedImage rendered = new PDFRenderer(pdf).renderImageWithDPI(0, 300);
                assertEquals(300, rendered.getWidth(), 1, compression);
                assertTrue(dark(rendered, 150, 200), compression + ": the page's ink is drawn");
                assertTrue(!dark(rendered, 10, 10), compression + ": the paper stays white");
            }
        }
    }

    @Test
    void aPhotoTakenOnItsSideIsTurnedUprightByItsExifOrientation() throws IOException {
        BufferedImage landscape = page(400, 200);
        byte[] jpeg = withExifOrientation(encode(landscape, "jpeg"), 6);
        try (PDDocument pdf = convert(jpeg, ImagePages.JPEG, 1)) {
            assertEquals(48, pdf.getPage(0).getMediaBox().getWidth(), 0.01);
            assertEquals(96, pdf.getPage(0).getMediaBox().getHeight(), 0.01);
        }
    }

    /** A scan fed in on its side, without EXIF: OCR's orientation detection says so and the page is stored upright. */
    @Test
    void aPageLyingOnItsSideIsStoredUprightByOcrsOrientationDetection() throws IOException {
        org.docex.extraction.control.ocr.TesseractEngine engine = org.docex.extraction.control.ocr.OcrFixtures.availability().engine()
                .orElse(null);
        org.junit.jupiter.api.Assumptions.assumeTrue(engine != null, "no OCR on this machine");
        ImagePages withOrientation = new ImagePages(50, 40_000_000, page -> {
            BufferedImage gray = new BufferedImage(page.getWidth(), page.getHeight(), BufferedImage.TYPE_BYTE_GRAY);
            gray.getGraphics().drawImage(page, 0, 0, null);
            return engine.uprightTurns(gray, 300).orElse(0);
        });
        BufferedImage sideways = org.docex.extraction.control.ocr.PageOrientationTest.turnClockwise(
                org.docex.extraction.control.ocr.PageOrientationTest.letter(), 1);
        Path pdf = dir.resolve("sideways.pdf");
        withOrientation.toPdf(write("sideways.png", encode(sideways, "png")), ImagePages.PNG, pdf);
        try (PDDocument document = Loader.loadPDF(pdf.toFile())) {
            // Stored upright: taller than wide, as the letter was written.
            assertEquals(1748 / 300.0 * 72, document.getPage(0).getMediaBox().getWidth(), 0.01);
            assertEquals(2480 / 300.0 * 72, document.getPage(0).getMediaBox().getHeight(), 0.01);
        }
    }

    @Test
    void hugeAndEndlessImagesAreRefusedBeforeTheyAreDecoded() throws IOException {
        // A PNG header claiming 100,000 x 100,000 pixels (a decompression bomb's shape): refused from the header alone.
        ClientErrorException bomb = assertThrows(ClientErrorException.class,
                () -> images.toPdf(write("bomb.png", org.docex.testing.ImageFiles.pngHeader(100_000, 100_000)), ImagePages.PNG, dir.resolve("bomb.pdf")));
        assertEquals(413, bomb.getResponse().getStatus());
        assertEquals("Page 1 of the image is 100000 x 100000 pixels, more than the limit of 40000000 pixels a page", bomb.getMessage());

        byte[] many = tiff(java.util.Collections.nCopies(51, page(8, 8)), "LZW", BufferedImage.TYPE_INT_RGB);
        ClientErrorException pages = assertThrows(ClientErrorException.class,
                () -> images.toPdf(write("many.tif", many), ImagePages.TIFF, dir.resolve("many.pdf")));
        assertEquals(413, pages.getResponse().getStatus());
        assertEquals("The image has more than the limit of 50 pages", pages.getMessage());

        byte[] cut = java.util.Arrays.copyOf(encode(page(300, 300), "png"), 100);
        ClientErrorException damaged = assertThrows(ClientErrorException.class,
                () -> images.toPdf(write("cut.png", cut), ImagePages.PNG, dir.resolve("cut.pdf")));
        assertEquals(422, damaged.getResponse().getStatus());
    }

    private PDDocument convert(byte[] image, String type, int expectedPages) throws IOException {
        Path pdf = dir.resolve("out-" + System.nanoTime() + ".pdf");
        assertEquals(expectedPages, images.toPdf(write("in-" + System.nanoTime(), image), type, pdf));
        PDDocument document = Loader.loadPDF(pdf.toFile());
        assertEquals(expectedPages, document.getNumberOfPages());
        return document;
    }

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    /** A white page with a black block in its middle. */
    static BufferedImage page(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        g.setColor(Color.BLACK);
        g.fillRect(width / 4, height / 4, width / 2, height / 2);
        g.dispose();
        return image;
    }

    private static boolean dark(BufferedImage image, int x, int y) {
        return (image.getRGB(x, y) & 0xff) < 64;
    }

    static byte[] encode(BufferedImage image, String format) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, format, out);
        return out.toByteArray();
    }

    private static byte[] tiff(List<BufferedImage> pages, String compression, int type) throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("tiff").next();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ImageOutputStream stream = ImageIO.createImageOutputStream(out)) {
            writer.setOutput(stream);
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionType(compression);
            writer.prepareWriteSequence(null);
            for (BufferedImage page : pages) {
                BufferedImage converted = new BufferedImage(page.getWidth(), page.getHeight(), type);
                converted.getGraphics().drawImage(page, 0, 0, null);
                writer.writeToSequence(new IIOImage(converted, null, null), param);
            }
            writer.endWriteSequence();
        } finally {
            writer.dispose();
        }
        return out.toByteArray();
    }

    /** A JPEG with an EXIF APP1 segment holding only the orientation tag, right after its start marker. */
    private static byte[] withExifOrientation(byte[] jpeg, int orientation) {
        ByteBuffer tiff = ByteBuffer.allocate(26);
        tiff.put(new byte[] {'M', 'M', 0, 42}).putInt(8).putShort((short) 1)
                .putShort((short) 0x0112).putShort((short) 3).putInt(1).putShort((short) orientation).putShort((short) 0).putInt(0);
        byte[] body = tiff.array();
        ByteBuffer app1 = ByteBuffer.allocate(4 + 6 + body.length);
        app1.put((byte) 0xFF).put((byte) 0xE1).putShort((short) (2 + 6 + body.length)).put(new byte[] {'E', 'x', 'i', 'f', 0, 0}).put(body);
        ByteBuffer out = ByteBuffer.allocate(jpeg.length + app1.capacity());
        out.put(jpeg, 0, 2).put(app1.array()).put(jpeg, 2, jpeg.length - 2);
        return out.array();
    }
}
