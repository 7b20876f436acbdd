package org.docex.documents.control;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.imageio.ImageIO;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;

/** Renders one page of a stored PDF as PNG, with its cost bounded by a pixel budget and an image size limit. */
public class PageRenderer {

    private static final Logger LOG = Logger.getLogger(PageRenderer.class.getName());
    private static final String CANNOT_RENDER = "The page cannot be rendered";
    private static final Duration DEFAULT_TIME_LIMIT = Duration.ofSeconds(20);

    private final long maxOutputPixels;
    private final long maxImagePixels;
    private final Duration timeLimit;

    public PageRenderer(long maxOutputPixels, long maxImagePixels) {
        this(maxOutputPixels, maxImagePixels, DEFAULT_TIME_LIMIT);
    }

    PageRenderer(long maxOutputPixels, long maxImagePixels, Duration timeLimit) {
        if (maxOutputPixels < 1 || maxImagePixels < 1) {
            throw new IllegalArgumentException("Pixel limits must be positive");
        }
        this.maxOutputPixels = maxOutputPixels;
        this.maxImagePixels = maxImagePixels;
        this.timeLimit = timeLimit;
    }

    /** Renders page {@code pageNumber} (1-based); a page too large for the pixel budget is rendered at a lower dpi. */
    public RenderedPage render(Path pdf, int pageNumber, int dpi) throws PageRenderException, PageNotFoundException {
        BufferedImage image = draw(pdf, pageNumber, dpi, ImageType.RGB).image();
        try {
            return new RenderedPage(png(image), image.getWidth(), image.getHeight());
        } catch (IOException e) {
            throw new PageRenderException(CANNOT_RENDER, e);
        }
    }

    /**
     * Renders page {@code pageNumber} (1-based) in 8-bit grey for OCR, under the same limits; the
     * scale says how many pixels make a point, lower than {@code dpi} asks where the budget demands it.
     */
    public PageImage renderGrey(Path pdf, int pageNumber, int dpi) throws PageRenderException, PageNotFoundException {
        return draw(pdf, pageNumber, dpi, ImageType.GRAY);
    }

    /** A rendered page and its scale in pixels per point. */
    public record PageImage(BufferedImage image, double pixelsPerPoint) {
    }

    private PageImage draw(Path pdf, int pageNumber, int dpi, ImageType type) throws PageRenderException, PageNotFoundException {
        if (dpi < 1) {
            throw new IllegalArgumentException("dpi must be positive");
        }
        if (pageNumber < 1) {
            throw new PageNotFoundException(pageNumber);
        }
        try (PDDocument document = PdfOpener.open(pdf)) {
            PDPage page = PageWalk.page(document, pageNumber).orElseThrow(() -> new PageNotFoundException(pageNumber));
            new RenderSafetyCheck(maxImagePixels).verify(page);
            RenderSize size = RenderSize.of(page, dpi, maxOutputPixels);
            BufferedImage image = renderer(document, page, pageNumber).renderImage(pageNumber - 1, size.scale(), type);
            return new PageImage(image, size.scale());
        } catch (TimeBoundedRenderer.RenderTimeExceeded e) {
            throw new PageRenderException(RenderSafetyCheck.TOO_COMPLEX, e);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            LOG.log(Level.FINE, "Rendering page " + pageNumber + " of " + pdf + " failed", e);
            throw new PageRenderException(CANNOT_RENDER, e);
        } catch (OutOfMemoryError e) {
            // The checks above are meant to make this unreachable; if it happens, the heap is back once we return.
            LOG.log(Level.WARNING, "Rendering page " + pageNumber + " of " + pdf + " ran out of memory", e);
            throw new PageRenderException("The page is too large to render");
        }
    }

    // PDFRenderer finds pages by index through the page tree; make sure that is the page that was checked.
    private PDFRenderer renderer(PDDocument document, PDPage checked, int pageNumber) throws PageRenderException {
        if (document.getPage(pageNumber - 1).getCOSObject() != checked.getCOSObject()) {
            throw new PageRenderException(CANNOT_RENDER);
        }
        return new TimeBoundedRenderer(document, timeLimit);
    }

    private static byte[] png(BufferedImage image) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (!ImageIO.write(image, "png", out)) {
            throw new IOException("No PNG writer available");
        }
        return out.toByteArray();
    }
}
