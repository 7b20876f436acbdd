package org.docex.extraction.control.pdf;

import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.GrowingBox;

/**
 * Maps PDF user space to the page as displayed: origin at the top-left corner of the crop box
 * after the page's rotation, y growing downward.
 */
public record PageGeometry(double cropX, double cropY, double cropWidth, double cropHeight, int rotation) {

    public static PageGeometry of(PDPage page) {
        PDRectangle crop = page.getCropBox();
        return new PageGeometry(crop.getLowerLeftX(), crop.getLowerLeftY(), crop.getWidth(), crop.getHeight(),
                normalisedRotation(page.getRotation()));
    }

    static int normalisedRotation(int rotation) {
        int turned = ((rotation % 360) + 360) % 360;
        return turned % 90 == 0 ? turned : 0;
    }

    public double displayWidth() {
        return quarterTurned() ? cropHeight : cropWidth;
    }

    public double displayHeight() {
        return quarterTurned() ? cropWidth : cropHeight;
    }

    private boolean quarterTurned() {
        return rotation == 90 || rotation == 270;
    }

    /** The displayed box around points given relative to the crop box's lower-left corner. */
    public BoundingBox boxAroundCropPoints(double[] xs, double[] ys) {
        GrowingBox box = new GrowingBox();
        for (int i = 0; i < xs.length; i++) {
            addCropPoint(xs[i], ys[i], box);
        }
        return box.box();
    }

    /** Adds a point given relative to the crop box's lower-left corner, as displayed, to {@code box}. */
    public void addCropPoint(double x, double y, GrowingBox box) {
        switch (rotation) {
            case 90 -> box.add(y, x);
            case 180 -> box.add(cropWidth - x, y);
            case 270 -> box.add(cropHeight - y, cropWidth - x);
            default -> box.add(x, cropHeight - y);
        }
    }

    /** The displayed box of a rectangle in user space, such as an annotation's /Rect. */
    public BoundingBox boxOfUserRectangle(PDRectangle rect) {
        double x0 = rect.getLowerLeftX() - cropX;
        double x1 = rect.getUpperRightX() - cropX;
        double y0 = rect.getLowerLeftY() - cropY;
        double y1 = rect.getUpperRightY() - cropY;
        return boxAroundCropPoints(new double[] {x0, x1, x0, x1}, new double[] {y0, y0, y1, y1});
    }
}
