package org.docex.extraction.control.keyvalue;

import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.values.ParsedValue;

/** A typed value read from a label's site, with how sure the reading is. */
public record LabelledValue(ParsedValue value, ValueSite site, double confidence) {

    public String raw() {
        return value.rawIn(site.text());
    }

    public ExtractedField toField(String name, String source) {
        return new ExtractedField(name, value.value(), raw(), value.type().apiName(), round(confidence), source,
                site.page(), site.boxOf(value));
    }

    private static double round(double confidence) {
        return Math.round(Math.max(0, Math.min(1, confidence)) * 100) / 100.0;
    }
}
