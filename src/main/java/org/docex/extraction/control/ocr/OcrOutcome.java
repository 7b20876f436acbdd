package org.docex.extraction.control.ocr;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * What one page's recognition gave.
 *
 * @param words with their boxes on the page image
 * @param stoppedEarly the time budget ran out: {@code words} holds what was read until then
 * @param straight a word's box on the page turned straight, for building rows on a crooked scan
 */
public record OcrOutcome(List<OcrWord> words, boolean stoppedEarly, UnaryOperator<OcrWord> straight) {

    public OcrOutcome {
        words = List.copyOf(words);
    }

    public double meanConfidence() {
        return words.stream().mapToDouble(OcrWord::confidence).average().orElse(0);
    }
}
