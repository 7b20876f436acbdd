package org.docex.extraction.control.ocr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextToken;
import org.junit.jupiter.api.Test;

class OcrConfidenceTest {

    private static final BoundingBox VALUE = new BoundingBox(100, 100, 160, 112);

    @Test
    void aFieldOnAScannedPageTakesTheLeastSureWordUnderIt() {
        PageText scanned = page(new TextToken("42.00", VALUE, 10, 0, 0.6), new TextToken("Total", new BoundingBox(20, 100, 60, 112), 10, 6, 0.3));

        ExtractedField read = OcrConfidence.apply(List.of(field(0.9)), List.of(scanned)).get(0);

        // 0.9 x 0.6: the word "Total" beside the value, less sure still, is not under the field.
        assertEquals(0.54, read.confidence());
    }

    @Test
    void aFieldOnATextLayerPageKeepsItsConfidence() {
        PageText layer = page(new TextToken("42.00", VALUE, 10, 0));

        assertEquals(0.9, OcrConfidence.apply(List.of(field(0.9)), List.of(layer)).get(0).confidence());
    }

    private static PageText page(TextToken... tokens) {
        return new PageText(1, "", List.of(new TextLine(List.of(tokens))), false);
    }

    private static ExtractedField field(double confidence) {
        return new ExtractedField("total", "42.00", "42.00", "amount", confidence, ExtractedField.KEY_VALUE, 1, VALUE);
    }
}
