package org.docex.extraction.control.ocr;

/**
 * One word Tesseract read, with its box in pixels of the image it read (origin top-left).
 *
 * @param confidence 0..1
 * @param line the running number of the text line the word belongs to
 */
public record OcrWord(String text, int left, int top, int right, int bottom, double confidence, int line) {
}
