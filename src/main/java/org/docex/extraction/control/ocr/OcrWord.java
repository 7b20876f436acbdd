package org.docex.extraction.control.ocr;

import java.util.ArrayList;
import java.util.List;

/**
 * One word Tesseract read, with its box in pixels of the image it read (origin top-left).
 *
 * @param confidence 0..1
 * @param line the running number of the text line the word belongs to
 */
public record OcrWord(String text, int left, int top, int right, int bottom, double confidence, int line) {

    /** A vertical rule read as a letter: a table's or a form's border, which Tesseract glues to the word beside it. */
    private static final char RULE = '|';

    /** Marks a speck before a word is read as ("‘Sub-Total", "`Total"). */
    private static final String SPECKS = "‘’`'";

    /**
     * The word without the vertical rules read into it ({@code |3847193}, {@code 1|Prace}, a lone
     * {@code |}): the parts between them, each with its share of the box by characters; none when
     * the word is only rules. A speck read as a quote before a word's first letter goes too.
     */
    public List<OcrWord> withoutRules() {
        if (text.length() > 2 && SPECKS.indexOf(text.charAt(0)) >= 0 && Character.isLetter(text.charAt(1))
                && text.indexOf(text.charAt(0), 1) < 0) {
            int width = (right - left) / text.length();
            return new OcrWord(text.substring(1), left + width, top, right, bottom, confidence, line).withoutRules();
        }
        if (text.indexOf(RULE) < 0) {
            return List.of(this);
        }
        List<OcrWord> parts = new ArrayList<>(2);
        double perChar = (right - left) / (double) text.length();
        int start = 0;
        for (int i = 0; i <= text.length(); i++) {
            if (i == text.length() || text.charAt(i) == RULE) {
                if (i > start) {
                    parts.add(new OcrWord(text.substring(start, i), left + (int) Math.round(start * perChar), top,
                            left + (int) Math.round(i * perChar), bottom, confidence, line));
                }
                start = i + 1;
            }
        }
        return parts;
    }
}
