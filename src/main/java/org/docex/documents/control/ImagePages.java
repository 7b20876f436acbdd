package org.docex.documents.control;

import com.drew.imaging.ImageMetadataReader;
import com.drew.imaging.ImageProcessingException;
import com.drew.metadata.MetadataException;
import com.drew.metadata.exif.ExifIFD0Directory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.awt.geom.AffineTransform;
import java.awt.image.AffineTransformOp;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Optional;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageInputStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.image.JPEGFactory;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.docex.errors.PayloadTooLargeException;
import org.docex.errors.UnprocessableException;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.w3c.dom.Node;

/**
 * Uploaded images (JPEG, PNG, TIFF with one page or many) made into the image-only PDF docex works
 * on, a page per image at the image's own resolution, so that OCR reads it as a scan. A photo's
 * EXIF orientation is turned into upright pixels, and so is a page that OCR's orientation detection
 * ({@link PageOrientation}) finds lying on its side or upside down. The limits (pages per file, pixels per page) are
 * checked from the images' headers, before any page is decoded.
 */
@ApplicationScoped
public class ImagePages {

    public static final String JPEG = "image/jpeg";
    public static final String PNG = "image/png";
    public static final String TIFF = "image/tiff";

    /** The resolution assumed where the file names none or an implausible one (a photo's 72 dpi says nothing). */
    static final double DEFAULT_DPI = 300;
    /** Below this a resolution is taken as unstated (a photo's 72 dpi); a fax's 98 lines an inch are above it. */
    private static final double MIN_DPI = 96;
    private static final double MAX_DPI = 1200;
    private static final double MM_PER_INCH = 25.4;

    @Inject
    @ConfigProperty(name = "docex.max-image-pages", defaultValue = "500")
    int maxPages;

    @Inject
    @ConfigProperty(name = "docex.max-image-pixels", defaultValue = "40000000")
    long maxPixels;

    @Inject
    Instance<PageOrientation> orientations;

    public ImagePages() {
    }

    private PageOrientation given;

    /** Outside a container (tools, the benchmark): with these limits and {@code orientation}, or none (null). */
    public static ImagePages of(int maxPages, long maxPixels, PageOrientation orientation) {
        return new ImagePages(maxPages, maxPixels, orientation);
    }

    ImagePages(int maxPages, long maxPixels, PageOrientation orientation) {
        this.maxPages = maxPages;
        this.maxPixels = maxPixels;
        this.given = orientation;
    }

    private int uprightTurns(BufferedImage pixels) {
        if (given != null) {
            return given.uprightTurns(pixels);
        }
        return orientations != null && orientations.isResolvable() ? orientations.get().uprightTurns(pixels) : 0;
    }

    /** The image type a file's first bytes say, if it is one docex takes. */
    public static Optional<String> typeOf(byte[] head) {
        if (head.length >= 3 && (head[0] & 0xff) == 0xFF && (head[1] & 0xff) == 0xD8 && (head[2] & 0xff) == 0xFF) {
            return Optional.of(JPEG);
        }
        if (head.length >= 8 && (head[0] & 0xff) == 0x89 && head[1] == 'P' && head[2] == 'N' && head[3] == 'G'
                && head[4] == 0x0D && head[5] == 0x0A && head[6] == 0x1A && head[7] == 0x0A) {
            return Optional.of(PNG);
        }
        if (head.length >= 4 && (head[0] == 'I' && head[1] == 'I' && head[2] == 42 && head[3] == 0
                || head[0] == 'M' && head[1] == 'M' && head[2] == 0 && head[3] == 42)) {
            return Optional.of(TIFF);
        }
        return Optional.empty();
    }

    /** The image-only PDF of the image in {@code image}, written to {@code pdf}; how many pages it has. */
    public int toPdf(Path image, String type, Path pdf) throws IOException {
        try (ImageInputStream in = ImageIO.createImageInputStream(image.toFile())) {
            ImageReader reader = readerFor(type, in);
            try {
                reader.setInput(in, false, false);
                int pages = count(reader);
                int orientation = JPEG.equals(type) || TIFF.equals(type) ? exifOrientation(image) : 1;
                try (PDDocument document = new PDDocument()) {
                    for (int i = 0; i < pages; i++) {
                        addPage(document, reader, i, type, image, orientation);
                    }
                    document.getDocumentInformation().setProducer("docex");
                    document.save(pdf.toFile());
                }
                return pages;
            } finally {
                reader.dispose();
            }
        } catch (javax.imageio.IIOException | java.io.EOFException e) {
            throw unreadable();
        } catch (jakarta.ws.rs.ClientErrorException refused) {
            throw refused;
        } catch (RuntimeException e) {
            // A damaged file can make an image reader fail in ways of its own (an index or a size out of range).
            throw unreadable();
        }
    }

    private static UnprocessableException unreadable() {
        return new UnprocessableException("The image could not be read: it is damaged or of a kind docex does not read");
    }

    private static ImageReader readerFor(String type, ImageInputStream in) {
        if (in == null) {
            throw new UnprocessableException("The image could not be read");
        }
        Iterator<ImageReader> readers = ImageIO.getImageReadersByMIMEType(type);
        if (!readers.hasNext()) {
            throw new UnprocessableException("This server cannot read " + type + " images");
        }
        return readers.next();
    }

    /** The number of pages, each one's size checked from its header; more pages or pixels than allowed are refused. */
    private int count(ImageReader reader) throws IOException {
        int pages = 0;
        while (true) {
            int width;
            int height;
            try {
                width = reader.getWidth(pages);
                height = reader.getHeight(pages);
            } catch (IndexOutOfBoundsException end) {
                break;
            }
            if ((long) width * height > maxPixels) {
                throw new PayloadTooLargeException("Page " + (pages + 1) + " of the image is " + width + " x " + height
                        + " pixels, more than the limit of " + maxPixels + " pixels a page");
            }
            if (width <= 0 || height <= 0) {
                throw new UnprocessableException("Page " + (pages + 1) + " of the image has no pixels");
            }
            pages++;
            if (pages > maxPages) {
                throw new PayloadTooLargeException("The image has more than the limit of " + maxPages + " pages");
            }
        }
        if (pages == 0) {
            throw new UnprocessableException("The image has no pages");
        }
        return pages;
    }

    private void addPage(PDDocument document, ImageReader reader, int index, String type, Path file, int orientation)
            throws IOException {
        double[] dpi = resolution(metadata(reader, index));
        PDImageXObject image;
        int width;
        int height;
        BufferedImage pixels = upright(reader.read(index), index == 0 ? orientation : 1);
        // A page lying on its side or upside down without EXIF saying so (a scan fed in turned): OCR's orientation detection.
        int turns = uprightTurns(pixels);
        pixels = turn(pixels, turns);
        if (JPEG.equals(type) && orientation == 1 && turns == 0) {
            // As it came: the JPEG's own bytes go into the PDF, nothing is compressed again.
            try (InputStream in = Files.newInputStream(file)) {
                image = JPEGFactory.createFromStream(document, in);
            }
        } else if (JPEG.equals(type)) {
            image = JPEGFactory.createFromImage(document, pixels, 0.92f);
        } else if (pixels.getType() == BufferedImage.TYPE_BYTE_BINARY && pixels.getColorModel().getPixelSize() == 1) {
            // Black and white (a fax, a bilevel scan): CCITT group 4, as the scanner itself writes it; tens of times
            // smaller and faster than the lossless deflate of the same pixels.
            image = org.apache.pdfbox.pdmodel.graphics.image.CCITTFactory.createFromImage(document, pixels);
        } else {
            image = LosslessFactory.createFromImage(document, pixels);
        }
        width = pixels.getWidth();
        height = pixels.getHeight();
        if (pixels.getWidth() != reader.getWidth(index)) {
            dpi = new double[] {dpi[1], dpi[0]};
        }
        PDRectangle size = new PDRectangle((float) (width / dpi[0] * 72), (float) (height / dpi[1] * 72));
        PDPage page = new PDPage(size);
        document.addPage(page);
        try (PDPageContentStream content = new PDPageContentStream(document, page)) {
            content.drawImage(image, 0, 0, size.getWidth(), size.getHeight());
        }
    }

    // A JPEG whose EXIF segment comes before its JFIF one has pixels the reader reads, but metadata it refuses.
    private static IIOMetadata metadata(ImageReader reader, int index) {
        try {
            return reader.getImageMetadata(index);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The horizontal and vertical resolution the image states, each {@link #DEFAULT_DPI} where it states none or an implausible one. */
    private static double[] resolution(IIOMetadata metadata) {
        double x = DEFAULT_DPI;
        double y = DEFAULT_DPI;
        if (metadata != null && metadata.isStandardMetadataFormatSupported()) {
            Node root = metadata.getAsTree("javax_imageio_1.0");
            x = dpi(root, "HorizontalPixelSize");
            y = dpi(root, "VerticalPixelSize");
            // One side stated alone: the same on the other.
            if (x == DEFAULT_DPI && y != DEFAULT_DPI) {
                x = y;
            } else if (y == DEFAULT_DPI && x != DEFAULT_DPI) {
                y = x;
            }
        }
        return new double[] {x, y};
    }

    private static double dpi(Node root, String name) {
        for (Node node = root.getFirstChild(); node != null; node = node.getNextSibling()) {
            if ("Dimension".equals(node.getNodeName())) {
                for (Node child = node.getFirstChild(); child != null; child = child.getNextSibling()) {
                    if (name.equals(child.getNodeName()) && child instanceof IIOMetadataNode element) {
                        try {
                            double dpi = MM_PER_INCH / Double.parseDouble(element.getAttribute("value"));
                            return dpi >= MIN_DPI && dpi <= MAX_DPI ? dpi : DEFAULT_DPI;
                        } catch (NumberFormatException e) {
                            return DEFAULT_DPI;
                        }
                    }
                }
            }
        }
        return DEFAULT_DPI;
    }

    /** The EXIF orientation tag (1 upright, 3 upside down, 6 and 8 on a side; mirrored ones are taken as their turn). */
    private static int exifOrientation(Path file) {
        try {
            ExifIFD0Directory exif = ImageMetadataReader.readMetadata(file.toFile()).getFirstDirectoryOfType(ExifIFD0Directory.class);
            return exif != null && exif.containsTag(ExifIFD0Directory.TAG_ORIENTATION)
                    ? exif.getInt(ExifIFD0Directory.TAG_ORIENTATION) : 1;
        } catch (ImageProcessingException | MetadataException | IOException | RuntimeException e) {
            return 1;
        }
    }

    /** The pixels turned upright for an EXIF orientation. */
    static BufferedImage upright(BufferedImage image, int orientation) {
        return turn(image, switch (orientation) {
            case 3, 4 -> 2;
            case 6, 5 -> 1;
            case 8, 7 -> 3;
            default -> 0;
        });
    }

    /** The pixels turned clockwise by {@code quarterTurns} quarters. */
    static BufferedImage turn(BufferedImage image, int quarterTurns) {
        if (quarterTurns == 0) {
            return image;
        }
        int w = image.getWidth();
        int h = image.getHeight();
        AffineTransform turn = new AffineTransform();
        if (quarterTurns == 1) {
            turn.translate(h, 0);
        } else if (quarterTurns == 2) {
            turn.translate(w, h);
        } else {
            turn.translate(0, w);
        }
        turn.quadrantRotate(quarterTurns);
        int type = image.getType() == BufferedImage.TYPE_CUSTOM ? BufferedImage.TYPE_INT_RGB : image.getType();
        BufferedImage turned = quarterTurns == 2 ? new BufferedImage(w, h, type) : new BufferedImage(h, w, type);
        return new AffineTransformOp(turn, AffineTransformOp.TYPE_NEAREST_NEIGHBOR).filter(image, turned);
    }
}
