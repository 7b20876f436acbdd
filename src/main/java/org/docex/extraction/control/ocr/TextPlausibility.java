package org.docex.extraction.control.ocr;

import java.util.regex.Pattern;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextToken;

/**
 * How much of a page's text reads as words and numbers: the share of its characters in tokens that
 * are a word of Latin letters, a number, an amount or an identifier. A scanner's OCR layer that
 * failed reads "AP!me!ster", "11ố7/2٥22" or "圖I◎固"; Tesseract's reading of the same scan, and
 * any born-digital text, score near 1.
 */
final class TextPlausibility {

    private static final Pattern PLAUSIBLE = Pattern.compile(
            "[(\"'„“]?(?:"
                    + "\\p{IsLatin}+(?:['’.\\-/&]\\p{IsLatin}+)*\\.?"                          // words, abbreviations
                    + "|[-+]?[€$£₹]?\\d+(?:[.,/:'\\-]\\d+)*[%€$£₹]?"                          // numbers, dates, amounts
                    + "|[A-Z0-9]+(?:[-/._][A-Z0-9]+)*"                                        // identifiers
                    + "|[\\p{IsLatin}\\d._%+-]+@[\\p{IsLatin}\\d.-]+"                         // e-mail addresses
                    + "|[-–—•·|:;,.#*/&+=()€$£%]+"                                            // punctuation alone
                    + ")[)\"'“”]?[.,:;!?)]*");

    private TextPlausibility() {
    }

    /** 0 to 1; an empty page scores 0. */
    static double of(PageText page) {
        long plausible = 0;
        long all = 0;
        for (TextLine line : page.lines()) {
            for (TextToken token : line.tokens()) {
                int length = token.text().length();
                all += length;
                if (PLAUSIBLE.matcher(token.text()).matches()) {
                    plausible += length;
                }
            }
        }
        return all == 0 ? 0 : (double) plausible / all;
    }

    /**
     * How much plausible text a reading holds, each character counted by the confidence of its word:
     * of two readings of one page, the one with more is the better.
     */
    static double confidentCharacters(PageText page) {
        double sum = 0;
        for (TextLine line : page.lines()) {
            for (TextToken token : line.tokens()) {
                if (PLAUSIBLE.matcher(token.text()).matches()) {
                    sum += token.text().length() * token.confidence();
                }
            }
        }
        return sum;
    }
}
