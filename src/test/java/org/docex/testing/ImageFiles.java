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

    /**
     * A scanned page: white paper of {@code width} by {@code height} pixels with {@code lines} in black, 50 pixels high
     * (12 points at 300 dpi), from the top down.
     */
    public static java.awt.image.BufferedImage page(int width, int height, String... lines) {
        java.awt.image.BufferedImage page = new java.awt.image.BufferedImage(width, height,
                java.awt.image.BufferedImage.TYPE_BYTE_GRAY);
        java.awt.Graphics2D g = page.createGraphics();
        g.setColor(java.awt.Color.WHITE);
        g.fillRect(0, 0, width, height);
        g.setColor(java.awt.Color.BLACK);
        g.setRenderingHint(java.awt.RenderingHints.KEY_TEXT_ANTIALIASING, java.awt.RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setFont(new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.PLAIN, 50));
        for (int i = 0; i < lines.length; i++) {
            g.drawString(lines[i], 200, 200 + 100 * i);
        }
        g.dispose();
        return page;
    }

    /** A multi-page grey TIFF (LZW), as a scanner writes a batch. */
    public static byte[] tiff(java.util.List<java.awt.image.BufferedImage> pages) {
        javax.imageio.ImageWriter writer = javax.imageio.ImageIO.getImageWritersByFormatName("tiff").next();
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (javax.imageio.stream.ImageOutputStream stream = javax.imageio.ImageIO.createImageOutputStream(out)) {
            writer.setOutput(stream);
            javax.imageio.ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(javax.imageio.ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionType("LZW");
            writer.prepareWriteSequence(null);
            for (java.awt.image.BufferedImage page : pages) {
                writer.writeToSequence(new javax.imageio.IIOImage(page, null, null), param);
            }
            writer.endWriteSequence();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } finally {
            writer.dispose();
        }
        return out.toByteArray();
    }
}
