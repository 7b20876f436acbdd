package org.docex.extraction.control.ocr;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;

/**
 * Takes the specks and grain of a scanner off a grey page before recognition: a 3x3 median keeps
 * the strokes of letters and drops isolated dark or light pixels, which otherwise come back as
 * stray words ("eee", "|") and break Tesseract's lines and blocks.
 */
final class ScanCleaner {

    private ScanCleaner() {
    }

    static BufferedImage median(BufferedImage grey) {
        int width = grey.getWidth();
        int height = grey.getHeight();
        byte[] in = ((DataBufferByte) grey.getRaster().getDataBuffer()).getData();
        BufferedImage cleaned = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
        byte[] out = ((DataBufferByte) cleaned.getRaster().getDataBuffer()).getData();
        int[] window = new int[9];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int n = 0;
                for (int dy = -1; dy <= 1; dy++) {
                    int row = Math.min(height - 1, Math.max(0, y + dy)) * width;
                    for (int dx = -1; dx <= 1; dx++) {
                        window[n++] = in[row + Math.min(width - 1, Math.max(0, x + dx))] & 0xff;
                    }
                }
                out[y * width + x] = (byte) medianOfNine(window);
            }
        }
        return cleaned;
    }

    private static int medianOfNine(int[] v) {
        // Insertion sort of nine values: cheaper than anything general at this size.
        for (int i = 1; i < 9; i++) {
            int value = v[i];
            int j = i - 1;
            while (j >= 0 && v[j] > value) {
                v[j + 1] = v[j];
                j--;
            }
            v[j + 1] = value;
        }
        return v[4];
    }
}
