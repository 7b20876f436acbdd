package org.docex.documents.control;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
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
        BufferedImage image = draw(pdf, pageNumber, dpi, (document, page, size) ->
                new PageImage(render(document, page, pageNumber, size, ImageType.RGB), size.scale())).image();
        try {
            return new RenderedPage(png(image), image.getWidth(), image.getHeight());
        } catch (IOException e) {
            throw new PageRenderException(CANNOT_RENDER, e);
        }
    }

    /**
     * Page {@code pageNumber} (1-based) in 8-bit grey for OCR at {@code dpi}, lower where the pixel
     * budget demands it, its specks taken off where {@code despeckle} says so. A page that is one
     * upright JPEG scan no finer than {@code dpi} is not rendered: the scan's own pixels are decoded
     * and enlarged. The scale says how many pixels make a point.
     */
    public PageImage renderGrey(Path pdf, int pageNumber, int dpi, boolean despeckle)
            throws PageRenderException, PageNotFoundException {
        return draw(pdf, pageNumber, dpi, grey(pageNumber, dpi, despeckle));
    }

    /** As {@link #renderGrey(Path, int, int, boolean)}, from a document the caller has open (OCR reads page after page of one). */
    public PageImage renderGrey(PDDocument document, int pageNumber, int dpi, boolean despeckle)
            throws PageRenderException, PageNotFoundException {
        return draw(document, pageNumber, dpi, grey(pageNumber, dpi, despeckle));
    }

    // Despeckling off is for comparisons (the benchmark hands the command line the page as docex sees it before).
    private Drawing grey(int pageNumber, int dpi, boolean despeckle) {
        return (document, page, size) -> {
            Optional<PageImage> scan = scan(page, dpi);
            if (scan.isEmpty()) {
                BufferedImage rendered = render(document, page, pageNumber, size, ImageType.GRAY);
                return new PageImage(despeckle ? GreyScan.median(rendered) : rendered, size.scale());
            }
            BufferedImage own = scan.get().image();
            if (size.widthPx() <= own.getWidth() || size.heightPx() <= own.getHeight()) {
                return new PageImage(despeckle ? GreyScan.median(own) : own, scan.get().pixelsPerPoint());
            }
            return new PageImage(despeckle ? GreyScan.enlargedMedian(own, size.widthPx(), size.heightPx())
                    : GreyScan.enlarged(own, size.widthPx(), size.heightPx()), size.scale());
        };
    }

    /** A rendered page and its scale in pixels per point. */
    public record PageImage(BufferedImage image, double pixelsPerPoint) {
    }

    private interface Drawing {
        PageImage draw(PDDocument document, PDPage page, RenderSize size) throws IOException, PageRenderException;
    }

    private PageImage draw(Path pdf, int pageNumber, int dpi, Drawing drawing) throws PageRenderException, PageNotFoundException {
        if (pageNumber < 1) {
            throw new PageNotFoundException(pageNumber);
        }
        try (PDDocument document = MemoryBoundedPdfOpener.open(pdf)) {
            return draw(document, pageNumber, dpi, drawing);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            LOG.log(Level.FINE, "Opening " + pdf + " to render page " + pageNumber + " failed", e);
            throw new PageRenderException(CANNOT_RENDER, e);
        }
    }

    private PageImage draw(PDDocument document, int pageNumber, int dpi, Drawing drawing)
            throws PageRenderException, PageNotFoundException {
        if (dpi < 1) {
            throw new IllegalArgumentException("dpi must be positive");
        }
        if (pageNumber < 1) {
            throw new PageNotFoundException(pageNumber);
        }
        try {
            PDPage page = PageWalk.page(document, pageNumber).orElseThrow(() -> new PageNotFoundException(pageNumber));
            new RenderSafetyCheck(maxImagePixels).verify(page);
            return drawing.draw(document, page, RenderSize.of(page, dpi, maxOutputPixels));
        } catch (TimeBoundedRenderer.RenderTimeExceeded e) {
            throw new PageRenderException(RenderSafetyCheck.TOO_COMPLEX, e);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            LOG.log(Level.FINE, "Rendering page " + pageNumber + " failed", e);
            throw new PageRenderException(CANNOT_RENDER, e);
        } catch (OutOfMemoryError e) {
            // The checks above are meant to make this unreachable; if it happens, the heap is back once we return.
            LOG.log(Level.WARNING, "Rendering page " + pageNumber + " ran out of memory", e);
            throw new PageRenderException("The page is too large to render");
        }
    }

    private Optional<PageImage> scan(PDPage page, int dpi) {
        try {
            return ScannedPageImage.read(page, dpi, Math.min(maxOutputPixels, maxImagePixels));
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.FINE, "The page's scan could not be read directly; rendering it", e);
            return Optional.empty();
        }
    }

    private BufferedImage render(PDDocument document, PDPage page, int pageNumber, RenderSize size, ImageType type)
            throws IOException, PageRenderException {
        return renderer(document, page, pageNumber).renderImage(pageNumber - 1, size.scale(), type);
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
