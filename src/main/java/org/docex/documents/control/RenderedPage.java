package org.docex.documents.control;

/** A page rendered as PNG, with the pixel size it was rendered at. */
public record RenderedPage(byte[] png, int widthPx, int heightPx) {
}
