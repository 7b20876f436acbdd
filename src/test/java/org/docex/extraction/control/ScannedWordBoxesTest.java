package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.docex.extraction.control.ocr.OcrFixtures;
import org.docex.extraction.control.ocr.OcrMode;
import org.docex.extraction.control.ocr.Scans;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextToken;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A word OCR read from a crooked scan has its box where the word is on the page image: where the
 * born-digital original draws it, turned as the scan turned the sheet.
 */
class ScannedWordBoxesTest {

    @TempDir
    Path dir;

    @Test
    void ocrWordBoxesLieOnTheWordsAsTheOriginalDrawsThem() throws Exception {
        DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults(), OcrFixtures.reader());
        for (int i : new int[] {0, 3}) {
            InvoiceSpec spec = InvoiceSet.all().get(i);
            Path original = InvoiceRenderer.render(spec, dir);
            double skew = i == 0 ? 0.8 : -0.6;
            Path scan = Scans.scan(original, dir.resolve(spec.id() + "-scan.pdf"), skew, i);
            Map<String, TextToken> drawn = uniqueTokens(extractor.extract(original, Template.GENERIC, List.of(),
                    OcrMode.NEVER, ProgressListener.NONE).pages().get(0).lines());
            Map<String, TextToken> read = uniqueTokens(extractor.extract(scan, Template.GENERIC, List.of(),
                    OcrMode.AUTO, ProgressListener.NONE).pages().get(0).lines());
            int matched = 0;
            int onTheWord = 0;
            StringBuilder off = new StringBuilder();
            for (Map.Entry<String, TextToken> word : read.entrySet()) {
                TextToken original_ = drawn.get(word.getKey());
                if (original_ == null || word.getKey().length() < 3) {
                    continue;
                }
                matched++;
                BoundingBox onScan = Scans.onScan(original_.box(), 595.28, 841.89, skew);
                if (covers(word.getValue().box(), onScan)) {
                    onTheWord++;
                } else {
                    off.append(String.format("%n  %s: read at %s, drawn at %s", word.getKey(), word.getValue().box(), onScan));
                }
            }
            assertTrue(matched >= 25, spec.id() + ": only " + matched + " words to compare");
            assertTrue(onTheWord >= 0.95 * matched, spec.id() + ": " + onTheWord + " of " + matched + " boxes on their word" + off);
        }
    }

    /** Most of the drawn word lies inside the box OCR gave it, and the box is not much larger. */
    private static boolean covers(BoundingBox read, BoundingBox drawn) {
        double width = Math.min(read.x1(), drawn.x1()) - Math.max(read.x0(), drawn.x0());
        double height = Math.min(read.y1(), drawn.y1()) - Math.max(read.y0(), drawn.y0());
        if (width <= 0 || height <= 0) {
            return false;
        }
        double shared = width * height;
        return shared >= 0.6 * drawn.width() * drawn.height() && shared >= 0.35 * read.width() * read.height();
    }

    private static Map<String, TextToken> uniqueTokens(List<TextLine> lines) {
        Map<String, TextToken> unique = new HashMap<>();
        Map<String, Integer> counts = new HashMap<>();
        for (TextLine line : lines) {
            for (TextToken token : line.tokens()) {
                unique.put(token.text(), token);
                counts.merge(token.text(), 1, Integer::sum);
            }
        }
        counts.forEach((text, count) -> {
            if (count > 1) {
                unique.remove(text);
            }
        });
        return unique;
    }
}
