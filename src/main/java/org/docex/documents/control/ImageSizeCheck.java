package org.docex.documents.control;

import java.io.IOException;
import java.util.List;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;

/**
 * Refuses an image before PDFBox decodes it, because PDFBox allocates the full raster (a 30000x30000 image
 * is 2.7 GB) before it scales it down: by its declared size, and by the size its data decodes to, which must
 * not exceed what that declared size can hold.
 */
final class ImageSizeCheck {

    static final String IMAGE_TOO_LARGE = "The page contains an image too large to render";

    // Upper bound of colour components an image's data can carry per pixel (DeviceN with spot colours).
    private static final int MAX_COMPONENTS = 8;
    private static final long SLACK_BYTES = 64 * 1024;

    private final long maxImagePixels;

    ImageSizeCheck(long maxImagePixels) {
        this.maxImagePixels = maxImagePixels;
    }

    void check(COSStream image) throws IOException, PageRenderException {
        long allowedBytes = allowedBytes(image);
        if (DecodedSize.of(image, allowedBytes) > allowedBytes) {
            throw new PageRenderException(IMAGE_TOO_LARGE);
        }
        // Soft masks and stencil masks are images of their own size, decoded alongside.
        for (COSName maskKey : List.of(COSName.SMASK, COSName.MASK)) {
            if (image.getDictionaryObject(maskKey) instanceof COSStream mask && mask != image) {
                long maskBytes = allowedBytes(mask);
                if (DecodedSize.of(mask, maskBytes) > maskBytes) {
                    throw new PageRenderException(IMAGE_TOO_LARGE);
                }
            }
        }
    }

    void checkInline(COSDictionary parameters, byte[] data) throws IOException, PageRenderException {
        long allowedBytes = allowedBytes(parameters);
        if (data != null && DecodedSize.ofInlineImage(data, parameters, allowedBytes) > allowedBytes) {
            throw new PageRenderException(IMAGE_TOO_LARGE);
        }
    }

    private long allowedBytes(COSDictionary image) throws PageRenderException {
        long width = Math.max(image.getInt(COSName.WIDTH, COSName.W, 0), 0);
        long height = Math.max(image.getInt(COSName.HEIGHT, COSName.H, 0), 0);
        long bitsPerComponent = Math.min(Math.max(image.getInt(COSName.BITS_PER_COMPONENT, COSName.BPC, 8), 1), 16);
        if (width * height * (bitsPerComponent > 8 ? 2 : 1) > maxImagePixels) {
            throw new PageRenderException(IMAGE_TOO_LARGE);
        }
        return (width * bitsPerComponent * MAX_COMPONENTS + 7) / 8 * height + SLACK_BYTES;
    }
}
