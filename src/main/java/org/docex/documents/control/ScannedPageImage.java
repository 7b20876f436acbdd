package org.docex.documents.control;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdfparser.PDFStreamParser;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.apache.pdfbox.pdmodel.graphics.PDXObject;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceGray;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceRGB;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.util.Matrix;

/**
 * The page of a scanner: nothing on it but one JPEG image covering the whole page upright. Such a
 * page is read for OCR from its own pixels, decoded once at the scan's own resolution (and then
 * enlarged by {@link GreyScan}): rendering it would decode the same JPEG and draw it through
 * Java2D, which on a 200 dpi scan read at 300 dpi took 70-90 ms a page against 18 ms for the
 * decoding alone.
 * Anything else on the page (text, paths, a second image, annotations, a mask, a turn or a flip),
 * or a scan finer than the dpi asked, and the page is rendered as any other.
 */
final class ScannedPageImage {

    private static final int MAX_CONTENT_BYTES = 4096;
    private static final double TOLERANCE = 0.01;

    private ScannedPageImage() {
    }

    /** The page's image in 8-bit grey and its pixels per point, where the page is one scan at no more than {@code dpi}. */
    static Optional<PageRenderer.PageImage> read(PDPage page, int dpi, long maxPixels) throws IOException {
        if (page.getRotation() % 360 != 0 || !page.getAnnotations().isEmpty() || page.getResources() == null) {
            return Optional.empty();
        }
        Optional<Drawn> drawn = onlyImage(page);
        if (drawn.isEmpty()) {
            return Optional.empty();
        }
        PDImageXObject image = drawn.get().image();
        Matrix placed = drawn.get().matrix();
        PDRectangle crop = page.getCropBox();
        if (placed.getShearX() != 0 || placed.getShearY() != 0
                || !near(placed.getTranslateX(), crop.getLowerLeftX(), crop.getWidth())
                || !near(placed.getTranslateY(), crop.getLowerLeftY(), crop.getHeight())
                || !near(placed.getScaleX(), crop.getWidth(), crop.getWidth())
                || !near(placed.getScaleY(), crop.getHeight(), crop.getHeight())) {
            return Optional.empty();
        }
        if (!plainJpeg(image)) {
            return Optional.empty();
        }
        double pixelsPerPoint = image.getWidth() / (double) crop.getWidth();
        double verticalPixelsPerPoint = image.getHeight() / (double) crop.getHeight();
        double scanDpi = pixelsPerPoint * 72;
        if (Math.abs(pixelsPerPoint - verticalPixelsPerPoint) > TOLERANCE * pixelsPerPoint
                || Math.round(scanDpi) > dpi
                || (long) image.getWidth() * image.getHeight() > maxPixels) {
            return Optional.empty();
        }
        return decode(image).map(grey -> new PageRenderer.PageImage(grey, pixelsPerPoint));
    }

    private record Drawn(PDImageXObject image, Matrix matrix) {
    }

    // The content may only save and restore the state, set the matrix and draw one image.
    private static Optional<Drawn> onlyImage(PDPage page) throws IOException {
        long length = 0;
        for (Iterator<PDStream> streams = page.getContentStreams(); streams.hasNext(); ) {
            length += streams.next().getCOSObject().getLength();
        }
        if (length > MAX_CONTENT_BYTES) {
            return Optional.empty();
        }
        List<Object> tokens = new PDFStreamParser(page).parse();
        Deque<Matrix> saved = new ArrayDeque<>();
        Matrix current = new Matrix();
        List<COSBase> operands = new ArrayList<>();
        Drawn drawn = null;
        for (Object token : tokens) {
            if (token instanceof COSBase operand) {
                operands.add(operand);
                continue;
            }
            String operator = ((Operator) token).getName();
            switch (operator) {
                case "q" -> saved.push(current.clone());
                case "Q" -> current = saved.isEmpty() ? current : saved.pop();
                case "cm" -> {
                    if (operands.size() != 6 || !operands.stream().allMatch(COSNumber.class::isInstance)) {
                        return Optional.empty();
                    }
                    float[] m = new float[6];
                    for (int i = 0; i < 6; i++) {
                        m[i] = ((COSNumber) operands.get(i)).floatValue();
                    }
                    current = new Matrix(m[0], m[1], m[2], m[3], m[4], m[5]).multiply(current);
                }
                case "Do" -> {
                    if (drawn != null || operands.size() != 1 || !(operands.get(0) instanceof COSName name)) {
                        return Optional.empty();
                    }
                    PDXObject object = page.getResources().getXObject(name);
                    if (!(object instanceof PDImageXObject image)) {
                        return Optional.empty();
                    }
                    drawn = new Drawn(image, current.clone());
                }
                default -> {
                    return Optional.empty();
                }
            }
            operands.clear();
        }
        return Optional.ofNullable(drawn);
    }

    // One DCT filter, 8 bits of grey or RGB, nothing that changes its pixels on the page.
    private static boolean plainJpeg(PDImageXObject image) throws IOException {
        COSStream stream = image.getCOSObject();
        List<COSName> filters = image.getStream().getFilters();
        return filters.size() == 1 && COSName.DCT_DECODE.equals(filters.get(0))
                && !image.isStencil()
                && image.getBitsPerComponent() == 8
                && stream.getItem(COSName.DECODE) == null
                && stream.getItem(COSName.SMASK) == null
                && stream.getItem(COSName.MASK) == null
                && stream.getItem(COSName.SMASK_IN_DATA) == null
                && (image.getColorSpace() instanceof PDDeviceGray || image.getColorSpace() instanceof PDDeviceRGB);
    }

    // The JPEG's own header must give the size the dictionary promised before a pixel is decoded.
    private static Optional<BufferedImage> decode(PDImageXObject image) throws IOException {
        try (InputStream raw = image.getCOSObject().createRawInputStream();
             // In memory: ImageIO's default stream would copy the JPEG into a temporary file as it reads.
             ImageInputStream input = new MemoryCacheImageInputStream(raw)) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(input);
            if (!readers.hasNext()) {
                return Optional.empty();
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(input, true, true);
                if (reader.getWidth(0) != image.getWidth() || reader.getHeight(0) != image.getHeight()) {
                    return Optional.empty();
                }
                return Optional.of(grey(reader.read(0)));
            } catch (IOException | RuntimeException unreadable) {
                // CMYK and other JPEGs the JDK cannot decode are left to the renderer.
                return Optional.empty();
            } finally {
                reader.dispose();
            }
        }
    }

    private static BufferedImage grey(BufferedImage decoded) {
        if (decoded.getType() == BufferedImage.TYPE_BYTE_GRAY
                && decoded.getRaster().getDataBuffer() instanceof DataBufferByte) {
            return decoded;
        }
        BufferedImage grey = new BufferedImage(decoded.getWidth(), decoded.getHeight(), BufferedImage.TYPE_BYTE_GRAY);
        byte[] out = ((DataBufferByte) grey.getRaster().getDataBuffer()).getData();
        int width = decoded.getWidth();
        int[] row = new int[width];
        for (int y = 0; y < decoded.getHeight(); y++) {
            decoded.getRGB(0, y, width, 1, row, 0, width);
            for (int x = 0; x < width; x++) {
                int rgb = row[x];
                // ITU-R BT.601 luma, as a grey render of the page would give.
                out[y * width + x] = (byte) ((((rgb >> 16) & 0xff) * 299 + ((rgb >> 8) & 0xff) * 587 + (rgb & 0xff) * 114) / 1000);
            }
        }
        return grey;
    }

    private static boolean near(double value, double expected, double size) {
        return Math.abs(value - expected) <= TOLERANCE * Math.max(1, Math.abs(size));
    }
}
