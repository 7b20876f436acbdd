package org.docex.extraction.control;

/**
 * Where a page's text came from: {@code text_layer}, {@code ocr} or {@code none}; how OCR read it, if it did.
 */
public record PageSource(String source, OcrInfo ocr) {

    public static final PageSource TEXT_LAYER = new PageSource("text_layer", null);
    public static final PageSource NONE = new PageSource("none", null);

    public static PageSource ocr(OcrInfo info) {
        return new PageSource("ocr", info);
    }

    /** @param meanConfidence the mean of the page's word confidences, 0..1 */
    public record OcrInfo(String engine, String languages, int dpi, double meanConfidence) {
    }
}
