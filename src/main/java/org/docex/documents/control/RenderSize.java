package org.docex.documents.control;

import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;

/** The scale a page is rendered at and the pixel size that gives, lowered until the image fits a pixel budget. */
record RenderSize(float scale, int widthPx, int heightPx) {

    private static final float POINTS_PER_INCH = 72f;

    static RenderSize of(PDPage page, int dpi, long maxPixels) throws PageRenderException {
        // PDFRenderer draws the crop box; a rotation of 90 or 270 swaps width and height.
        PDRectangle box = page.getCropBox();
        boolean quarterTurn = Math.floorMod(page.getRotation(), 180) == 90;
        float widthPt = quarterTurn ? box.getHeight() : box.getWidth();
        float heightPt = quarterTurn ? box.getWidth() : box.getHeight();
        if (!Float.isFinite(widthPt) || !Float.isFinite(heightPt)) {
            throw new PageRenderException("The page cannot be rendered");
        }
        float scale = dpi / POINTS_PER_INCH;
        RenderSize size = at(scale, widthPt, heightPt);
        while (size.pixels() > maxPixels) {
            scale *= (float) Math.sqrt((double) maxPixels / size.pixels()) * 0.999f;
            size = at(scale, widthPt, heightPt);
        }
        return size;
    }

    // The same rounding as PDFRenderer.renderImage, so the size predicted is the size produced.
    private static RenderSize at(float scale, float widthPt, float heightPt) {
        int width = (int) Math.max(Math.floor(widthPt * scale), 1);
        int height = (int) Math.max(Math.floor(heightPt * scale), 1);
        return new RenderSize(scale, width, height);
    }

    long pixels() {
        return (long) widthPx * heightPx;
    }
}
