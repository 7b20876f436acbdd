package org.docex.extraction.control.ocr;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.UnaryOperator;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextToken;

/**
 * OCR words as the same page text the text layer gives: rows of words top to bottom, words
 * joined by single spaces and rows by newlines, each token's box in PDF points from the top-left of
 * the page as displayed (the image is the page as displayed, {@code pixelsPerPoint} to the point).
 */
public final class OcrPageText {

    private OcrPageText() {
    }

    /**
     * {@code straight}: a word's box on the page turned straight, for deciding which words share a
     * row; the tokens keep the boxes Tesseract gave, where the words are on the page image.
     */
    public static PageText of(int pageNumber, List<OcrWord> words, UnaryOperator<OcrWord> straight,
                              double pixelsPerPoint, int maxChars) {
        StringBuilder text = new StringBuilder();
        List<TextLine> lines = new ArrayList<>();
        boolean truncated = false;
        List<Placed> placed = new ArrayList<>(words.size());
        words.forEach(word -> placed.add(new Placed(word, straight.apply(word))));
        for (List<Placed> row : rows(chunks(placed))) {
            String lineText = String.join(" ", row.stream().map(each -> each.word().text()).toList());
            int separator = text.isEmpty() ? 0 : 1;
            if (text.length() + separator + lineText.length() > maxChars) {
                truncated = true;
                break;
            }
            if (separator == 1) {
                text.append('\n');
            }
            lines.add(line(row.stream().map(Placed::word).toList(), text.length(), pixelsPerPoint));
            text.append(lineText);
        }
        return new PageText(pageNumber, text.toString(), lines, truncated);
    }

    /** A word as found, and as it sits on the page turned straight. */
    private record Placed(OcrWord word, OcrWord straight) {
    }

    /** The runs of words Tesseract found together, each as it found them. */
    private static List<List<Placed>> chunks(List<Placed> words) {
        List<List<Placed>> chunks = new ArrayList<>();
        int index = 0;
        while (index < words.size()) {
            int end = index;
            while (end < words.size() && words.get(end).word().line() == words.get(index).word().line()) {
                end++;
            }
            chunks.add(words.subList(index, end));
            index = end;
        }
        return chunks;
    }

    /**
     * Chunks side by side on the page (a label and its value, two columns) make one row, left to
     * right, as a text layer's line has them; rows go top to bottom. A chunk joins a row when its
     * middle lies within the height of one of the row's chunks and that chunk's middle within its
     * own, and it shares some height with the row's first chunk: columns whose lines interleave at
     * half a line stay apart, and rows do not chain down the page, while a label whose box reaches
     * lower (its letters' descenders, a colon) still joins the value beside it when the row began with
     * a chunk of other letters further left.
     */
    private static List<List<Placed>> rows(List<List<Placed>> chunks) {
        List<List<Placed>> byMiddle = new ArrayList<>(chunks);
        byMiddle.sort(Comparator.comparingInt(chunk -> top(chunk) + bottom(chunk)));
        List<List<List<Placed>>> rows = new ArrayList<>();
        for (List<Placed> chunk : byMiddle) {
            int found = -1;
            for (int i = rows.size() - 1; i >= 0 && found < 0; i--) {
                List<List<Placed>> row = rows.get(i);
                if (overlapsVertically(row.get(0), chunk) && row.stream().anyMatch(member -> besides(member, chunk))) {
                    found = i;
                }
            }
            if (found < 0) {
                rows.add(new ArrayList<>(List.of(chunk)));
            } else {
                rows.get(found).add(chunk);
            }
        }
        List<List<Placed>> lines = new ArrayList<>(rows.size());
        for (List<List<Placed>> row : rows) {
            row.sort(Comparator.comparingInt(chunk -> chunk.get(0).straight().left()));
            lines.add(row.stream().flatMap(List::stream).toList());
        }
        return lines;
    }

    /** Whether the two chunks share some height: a row's chunks all share its first's, so that rows do not chain down a page. */
    private static boolean overlapsVertically(List<Placed> one, List<Placed> other) {
        return top(one) < bottom(other) && top(other) < bottom(one);
    }

    /** Whether each chunk's middle lies within the other's height. */
    private static boolean besides(List<Placed> one, List<Placed> other) {
        double oneMiddle = (top(one) + bottom(one)) / 2.0;
        double otherMiddle = (top(other) + bottom(other)) / 2.0;
        return oneMiddle >= top(other) && oneMiddle <= bottom(other) && otherMiddle >= top(one) && otherMiddle <= bottom(one);
    }

    private static int top(List<Placed> chunk) {
        return chunk.stream().mapToInt(each -> each.straight().top()).min().orElse(0);
    }

    private static int bottom(List<Placed> chunk) {
        return chunk.stream().mapToInt(each -> each.straight().bottom()).max().orElse(0);
    }

    private static TextLine line(List<OcrWord> words, int offset, double pixelsPerPoint) {
        // Word boxes differ in height with their letters ("a" against "Tg"); the line's height is
        // the size the layout rules (column gaps) compare with.
        double height = words.stream().mapToInt(word -> word.bottom() - word.top()).max().orElse(0) / pixelsPerPoint;
        List<TextToken> tokens = new ArrayList<>(words.size());
        int cursor = offset;
        for (OcrWord word : words) {
            BoundingBox box = new BoundingBox(word.left() / pixelsPerPoint, word.top() / pixelsPerPoint,
                    word.right() / pixelsPerPoint, word.bottom() / pixelsPerPoint);
            tokens.add(new TextToken(word.text(), box, height, cursor, word.confidence()));
            cursor += word.text().length() + 1;
        }
        return new TextLine(tokens);
    }
}
