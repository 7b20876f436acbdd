package org.docex.extraction.control.text;

import java.util.List;
import org.docex.extraction.control.BoundingBox;

/** Tokens of one line that sit close together: a phrase, a label or a value in a column. */
public record TextSegment(List<TextToken> tokens) {

    public TextSegment {
        if (tokens.isEmpty()) {
            throw new IllegalArgumentException("A segment has at least one token");
        }
        tokens = List.copyOf(tokens);
    }

    /** The tokens joined by single spaces; offsets into this text are what {@link #boxOf} takes. */
    public String text() {
        StringBuilder text = new StringBuilder();
        for (TextToken token : tokens) {
            if (!text.isEmpty()) {
                text.append(' ');
            }
            text.append(token.text());
        }
        return text.toString();
    }

    public BoundingBox box() {
        return boxAround(tokens);
    }

    /** The smallest box holding every token's box; one box allocated, however many tokens (runs per line and sort step). */
    static BoundingBox boxAround(List<TextToken> tokens) {
        double x0 = Double.POSITIVE_INFINITY;
        double y0 = Double.POSITIVE_INFINITY;
        double x1 = Double.NEGATIVE_INFINITY;
        double y1 = Double.NEGATIVE_INFINITY;
        for (TextToken token : tokens) {
            BoundingBox box = token.box();
            x0 = Math.min(x0, box.x0());
            y0 = Math.min(y0, box.y0());
            x1 = Math.max(x1, box.x1());
            y1 = Math.max(y1, box.y1());
        }
        return new BoundingBox(x0, y0, x1, y1);
    }

    public double fontSize() {
        return tokens.stream().mapToDouble(TextToken::fontSize).max().orElse(0);
    }

    /** The box of the characters {@code start} to {@code end} of {@link #text()}. */
    public BoundingBox boxOf(int start, int end) {
        BoundingBox box = null;
        int tokenStart = 0;
        for (TextToken token : tokens) {
            int tokenEnd = tokenStart + token.text().length();
            if (tokenEnd > start && tokenStart < end) {
                BoundingBox part = token.boxOf(start - tokenStart, end - tokenStart);
                box = box == null ? part : box.union(part);
            }
            tokenStart = tokenEnd + 1;
        }
        return box == null ? box() : box;
    }

    public boolean overlapsHorizontally(TextSegment other, double tolerance) {
        BoundingBox a = box();
        BoundingBox b = other.box();
        return a.x0() - tolerance < b.x1() && b.x0() - tolerance < a.x1();
    }

    public double horizontalOverlap(TextSegment other) {
        BoundingBox a = box();
        BoundingBox b = other.box();
        return Math.min(a.x1(), b.x1()) - Math.max(a.x0(), b.x0());
    }
}
