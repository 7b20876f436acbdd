package org.docex.extraction.control.ocr;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * What one page's recognition gave.
 *
 * @param words in the coordinates of the image Tesseract read (the page straightened, if it was crooked)
 * @param stoppedEarly the time budget ran out: {@code words} holds what was read until then
 * @param onPage a word's box on the page image as rendered
 */
public record OcrOutcome(List<OcrWord> words, boolean stoppedEarly, UnaryOperator<OcrWord> onPage) {

    public OcrOutcome {
        words = List.copyOf(words);
    }

    public double meanConfidence() {
        return words.stream().mapToDouble(OcrWord::confidence).average().orElse(0);
    }
}
