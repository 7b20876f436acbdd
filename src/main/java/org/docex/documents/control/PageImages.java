package org.docex.documents.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.NotFoundException;
import java.time.Duration;
import org.docex.documents.entity.Document;
import org.docex.errors.UnprocessableException;
import org.docex.security.control.TooManyRequestsException;

/** Page renders: validated, cached on disk, rendered with bounded parallelism and cost. */
@ApplicationScoped
public class PageImages {

    public static final int MIN_DPI = 36;
    public static final int MAX_DPI = 300;
    public static final int DEFAULT_DPI = 110;
    static final String PAGE_NOT_FOUND = "Page not found";

    @Inject
    FileStore store;

    @Inject
    PageRenderer renderer;

    @Inject
    PdfWorkLimiter limiter;

    public byte[] render(Document document, int page, int dpi) {
        return store.cachedRender(document.id(), page, dpi).orElseGet(() -> {
            byte[] png = renderNow(document, page, dpi);
            store.cacheRender(document.id(), page, dpi, png);
            return png;
        });
    }

    private byte[] renderNow(Document document, int page, int dpi) {
        try {
            return limiter.run(() -> renderOrExplain(document, page, dpi));
        } catch (PdfBusyException e) {
            throw new TooManyRequestsException(e.getMessage(), Duration.ofSeconds(5));
        }
    }

    private byte[] renderOrExplain(Document document, int page, int dpi) {
        try {
            return renderer.render(store.pathOf(document.id()), page, dpi).png();
        } catch (PageNotFoundException e) {
            throw new NotFoundException(PAGE_NOT_FOUND);
        } catch (PageRenderException e) {
            throw new UnprocessableException(e.getMessage());
        }
    }

    /** A page number within 1..pageCount; anything else is a page that does not exist. */
    public static int pageNumber(String text, int pageCount) {
        try {
            int page = Integer.parseInt(text);
            if (page >= 1 && page <= pageCount) {
                return page;
            }
        } catch (NumberFormatException e) {
            // not a page number: not found, like a number out of range
        }
        throw new NotFoundException(PAGE_NOT_FOUND);
    }

    public static int dpi(String text) {
        if (text == null || text.isBlank()) {
            return DEFAULT_DPI;
        }
        try {
            int dpi = Integer.parseInt(text.strip());
            if (dpi >= MIN_DPI && dpi <= MAX_DPI) {
                return dpi;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UnprocessableException("dpi must be a whole number from " + MIN_DPI + " to " + MAX_DPI);
    }
}
