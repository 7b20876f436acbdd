package org.docex.testing;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * Image files for upload tests: a header alone (what a decompression bomb claims, without its pixels), and a small
 * real picture.
 */
public final class ImageFiles {

    private ImageFiles() {
    }

    /** A PNG's signature and header chunk (with its CRC) claiming the size given, and no pixels. */
    public static byte[] pngHeader(int width, int height) {
        ByteBuffer ihdr = ByteBuffer.allocate(17);
        ihdr.put(new byte[] {'I', 'H', 'D', 'R'}).putInt(width).putInt(height).put((byte) 8).put((byte) 2).put((byte) 0).put((byte) 0)
                .put((byte) 0);
        CRC32 crc = new CRC32();
        crc.update(ihdr.array());
        ByteBuffer png = ByteBuffer.allocate(8 + 4 + 17 + 4);
        png.put(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A}).putInt(13).put(ihdr.array()).putInt((int) crc.getValue());
        return png.array();
    }

    /** A small real PNG: a grey rectangle of the size given. */
    public static byte[] png(int width, int height) {
        java.awt.image.BufferedImage image = new java.awt.image.BufferedImage(width, height,
                java.awt.image.BufferedImage.TYPE_BYTE_GRAY);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try {
            javax.imageio.ImageIO.write(image, "png", out);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
