package org.docex.extraction.control.keyvalue;

import java.util.ArrayList;
import java.util.List;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextSegment;

/**
 * A page's lines split into segments, with each segment's text, made once for all the labels a
 * reader tries: a line's segments and a segment's text are computed anew on every call, and a
 * reader of several languages' labels asks for them hundreds of times per line.
 */
public record PageSegments(PageText page, List<List<TextSegment>> segments, List<List<String>> texts) {

    public static PageSegments of(PageText page) {
        List<List<TextSegment>> segments = new ArrayList<>(page.lines().size());
        List<List<String>> texts = new ArrayList<>(page.lines().size());
        for (TextLine line : page.lines()) {
            List<TextSegment> lineSegments = line.segments();
            List<String> lineTexts = new ArrayList<>(lineSegments.size());
            for (TextSegment segment : lineSegments) {
                lineTexts.add(segment.text());
            }
            segments.add(lineSegments);
            texts.add(lineTexts);
        }
        return new PageSegments(page, segments, texts);
    }
}
