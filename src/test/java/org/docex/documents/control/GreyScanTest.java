package org.docex.documents.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.util.Random;
import org.junit.jupiter.api.Test;

class GreyScanTest {

    private static final int WHITE = 240;

    @Test
    void theMedianTakesOffIsolatedSpecksAndKeepsStrokes() {
        BufferedImage page = filled(40, 30, WHITE);
        set(page, 5, 5, 0);                 // a speck
        set(page, 6, 20, 0);                // a speck of two pixels
        set(page, 7, 20, 0);
        for (int y = 10; y < 25; y++) {     // a stroke three pixels wide
            for (int x = 20; x < 23; x++) {
                set(page, x, y, 10);
            }
        }
        set(page, 30, 5, 255);              // a light speck on dark ground is as noisy
        for (int y = 2; y < 9; y++) {
            for (int x = 27; x < 34; x++) {
                if (x != 30 || y != 5) {
                    set(page, x, y, 20);
                }
            }
        }

        BufferedImage cleaned = GreyScan.median(page);

        assertEquals(WHITE, get(cleaned, 5, 5));
        assertEquals(WHITE, get(cleaned, 6, 20));
        assertEquals(WHITE, get(cleaned, 7, 20));
        assertEquals(10, get(cleaned, 21, 17));
        assertEquals(10, get(cleaned, 20, 17));
        assertEquals(10, get(cleaned, 22, 17));
        assertEquals(20, get(cleaned, 30, 5));
        assertEquals(WHITE, get(cleaned, 0, 0));
    }

    @Test
    void theMedianIsTheMiddleOfNineValuesEverywhereIncludingTheEdges() {
        BufferedImage noise = random(23, 17, 7);

        BufferedImage cleaned = GreyScan.median(noise);

        for (int y = 0; y < 17; y++) {
            for (int x = 0; x < 23; x++) {
                int[] window = new int[9];
                int n = 0;
                for (int dy = -1; dy <= 1; dy++) {
                    for (int dx = -1; dx <= 1; dx++) {
                        window[n++] = get(noise, Math.max(0, Math.min(22, x + dx)), Math.max(0, Math.min(16, y + dy)));
                    }
                }
                java.util.Arrays.sort(window);
                assertEquals(window[4], get(cleaned, x, y), "at " + x + "," + y);
            }
        }
    }

    @Test
    void enlargingKeepsFlatGreyFlatAndReachesTheAskedSize() {
        BufferedImage enlarged = GreyScan.enlarged(filled(200, 100, 123), 300, 150);

        assertEquals(300, enlarged.getWidth());
        assertEquals(150, enlarged.getHeight());
        for (byte value : pixels(enlarged)) {
            assertEquals(123, value & 0xff);
        }
    }

    @Test
    void enlargingBlendsNeighboursInBetweenAndKeepsTheEnds() {
        BufferedImage ramp = new BufferedImage(2, 1, BufferedImage.TYPE_BYTE_GRAY);
        set(ramp, 0, 0, 0);
        set(ramp, 1, 0, 200);

        BufferedImage enlarged = GreyScan.enlarged(ramp, 4, 1);

        // Pixel centres of the four fall at -0.25, 0.25, 0.75 and 1.25 of the two.
        assertEquals(0, get(enlarged, 0, 0));
        assertEquals(50, get(enlarged, 1, 0));
        assertEquals(150, get(enlarged, 2, 0));
        assertEquals(200, get(enlarged, 3, 0));
    }

    @Test
    void enlargingWithTheMedianEqualsEnlargingThenTheMedian() {
        BufferedImage scan = random(165, 234, 3);

        assertArrayEquals(pixels(GreyScan.median(GreyScan.enlarged(scan, 248, 351))),
                pixels(GreyScan.enlargedMedian(scan, 248, 351)));
    }

    @Test
    void onlyEnlargesGreyImages() {
        assertThrows(IllegalArgumentException.class, () -> GreyScan.enlarged(filled(10, 10, 0), 5, 10));
        assertThrows(IllegalArgumentException.class,
                () -> GreyScan.median(new BufferedImage(4, 4, BufferedImage.TYPE_INT_RGB)));
    }

    private static BufferedImage filled(int width, int height, int value) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
        java.util.Arrays.fill(pixels(image), (byte) value);
        return image;
    }

    private static BufferedImage random(int width, int height, long seed) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
        new Random(seed).nextBytes(pixels(image));
        return image;
    }

    private static byte[] pixels(BufferedImage image) {
        return ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
    }

    private static void set(BufferedImage image, int x, int y, int value) {
        pixels(image)[y * image.getWidth() + x] = (byte) value;
    }

    private static int get(BufferedImage image, int x, int y) {
        return pixels(image)[y * image.getWidth() + x] & 0xff;
    }
}
