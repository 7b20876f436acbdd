package org.docex.extraction.control.ocr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.image.AffineTransformOp;
import java.awt.image.BufferedImage;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Tesseract's orientation detection: a page on its side or upside down says how to turn it upright. */
public class PageOrientationTest {

    @Test
    void aPageOnItsSideOrUpsideDownSaysTheTurnThatMakesItUpright() {
        TesseractEngine engine = OcrFixtures.availability().engine().orElse(null);
        assumeTrue(engine != null, "no OCR on this machine");
        BufferedImage upright = letter();
        assertEquals(OptionalInt.of(0), engine.uprightTurns(upright, 300));
        for (int turned = 1; turned <= 3; turned++) {
            BufferedImage page = turnClockwise(upright, turned);
            OptionalInt back = engine.uprightTurns(page, 300);
            assertEquals(OptionalInt.of((4 - turned) % 4), back, "turned " + turned + " quarter(s) clockwise");
        }
    }

    /** An A5 page at 300 dpi of printed lines. */
    public static BufferedImage letter() {
        BufferedImage page = new BufferedImage(1748, 2480, BufferedImage.TYPE_BYTE_GRAY);
        Graphics2D g = page.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, page.getWidth(), page.getHeight());
        g.setColor(Color.BLACK);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setFont(new Font(Font.SERIF, Font.PLAIN, 42));
        String[] lines = {"Invoice number 2026-0042 of 3 November 2026", "Dear customer, for the services rendered",
                "in October we charge the following amounts.", "Consulting, three days at 120.00 per day",
                "Software licence and maintenance for a year", "Training on site with travel and expenses",
                "Total without tax 1,131.00 and tax 214.89", "Please pay the total of 1,345.89 within",
                "thirty days to the account named below.", "Thank you for your business and kind regards."};
        for (int i = 0; i < lines.length; i++) {
            g.drawString(lines[i], 150, 300 + i * 90);
        }
        g.dispose();
        return page;
    }

    public static BufferedImage turnClockwise(BufferedImage image, int quarters) {
        int w = image.getWidth();
        int h = image.getHeight();
        AffineTransform turn = new AffineTransform();
        if (quarters == 1) {
            turn.translate(h, 0);
        } else if (quarters == 2) {
            turn.translate(w, h);
        } else {
            turn.translate(0, w);
        }
        turn.quadrantRotate(quarters);
        BufferedImage turned = quarters == 2 ? new BufferedImage(w, h, BufferedImage.TYPE_BYTE_GRAY)
                : new BufferedImage(h, w, BufferedImage.TYPE_BYTE_GRAY);
        return new AffineTransformOp(turn, AffineTransformOp.TYPE_NEAREST_NEIGHBOR).filter(image, turned);
    }
}
