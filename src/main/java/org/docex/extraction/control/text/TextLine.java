package org.docex.extraction.control.text;

import java.util.ArrayList;
import java.util.List;
import org.docex.extraction.control.BoundingBox;

/** The tokens on one baseline, left to right, as the text stripper laid them out. */
public record TextLine(List<TextToken> tokens) {

    /** A gap wider than this many font sizes separates two columns rather than two words. */
    static final double COLUMN_GAP_IN_FONT_SIZES = 1.0;

    public TextLine {
        if (tokens.isEmpty()) {
            throw new IllegalArgumentException("A line has at least one token");
        }
        tokens = List.copyOf(tokens);
    }

    public String text() {
        return new TextSegment(tokens).text();
    }

    public BoundingBox box() {
        return TextSegment.boxAround(tokens);
    }

    public double fontSize() {
        return new TextSegment(tokens).fontSize();
    }

    /** Whether the whole line is drawn in a bold face (a heading, where the lines around it are not). */
    public boolean bold() {
        return tokens.stream().allMatch(TextToken::bold);
    }

    /** How sure the line's reading is: that of its least sure token (1 for a text layer). */
    public double confidence() {
        double lowest = 1.0;
        for (TextToken token : tokens) {
            lowest = Math.min(lowest, token.confidence());
        }
        return lowest;
    }

    public List<TextSegment> segments() {
        List<TextSegment> segments = new ArrayList<>();
        List<TextToken> current = new ArrayList<>();
        TextToken previous = null;
        for (TextToken token : tokens) {
            if (previous != null && isColumnGap(previous, token)) {
                segments.add(new TextSegment(current));
                current = new ArrayList<>();
            }
            current.add(token);
            previous = token;
        }
        segments.add(new TextSegment(current));
        return segments;
    }

    private static boolean isColumnGap(TextToken left, TextToken right) {
        double gap = right.box().x0() - left.box().x1();
        double size = Math.max(left.fontSize(), right.fontSize());
        return gap > COLUMN_GAP_IN_FONT_SIZES * size;
    }
}
