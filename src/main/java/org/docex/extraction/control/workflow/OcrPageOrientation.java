package org.docex.extraction.control.workflow;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import org.docex.documents.control.PageOrientation;

/** Tesseract's orientation detection on an uploaded image's page, with the OCR engine as configured (none where OCR is off). */
@ApplicationScoped
public class OcrPageOrientation implements PageOrientation {

    /** Pages are looked at no larger than A4 at 300 dpi: orientation needs the shape of lines, not every pixel. */
    private static final int LONGEST_SIDE = 3508;
    private static final int DPI = 300;

    @Inject
    ExtractionSettings settings;

    @Override
    public int uprightTurns(BufferedImage page) {
        return settings.ocrEngine().map(engine -> engine.uprightTurns(gray(page), DPI).orElse(0)).orElse(0);
    }

    private static BufferedImage gray(BufferedImage page) {
        double scale = Math.min(1, (double) LONGEST_SIDE / Math.max(page.getWidth(), page.getHeight()));
        int width = Math.max(1, (int) Math.round(page.getWidth() * scale));
        int height = Math.max(1, (int) Math.round(page.getHeight() * scale));
        BufferedImage gray = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
        Graphics2D g = gray.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.drawImage(page, 0, 0, width, height, null);
        g.dispose();
        return gray;
    }
}
