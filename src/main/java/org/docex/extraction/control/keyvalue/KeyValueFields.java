package org.docex.extraction.control.keyvalue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.values.DateOrder;
import org.docex.extraction.control.values.ParsedValue;
import org.docex.extraction.control.values.TypeInference;

/**
 * Turns discovered pairs into fields: snake_case names, values typed by their looks, one field
 * per name (the most clearly laid out, then the first).
 */
public final class KeyValueFields {

    private KeyValueFields() {
    }

    public static List<ExtractedField> from(List<PageText> pages, DateOrder order) {
        Map<String, ExtractedField> byName = new LinkedHashMap<>();
        for (PageText page : pages) {
            for (KeyValuePair pair : KeyValueFinder.find(page)) {
                String name = LabelText.snakeCase(pair.label());
                String raw = pair.site().text().strip();
                if (name.isEmpty() || raw.isEmpty()) {
                    continue;
                }
                ParsedValue value = TypeInference.infer(pair.site().text(), order);
                if (value.value().isEmpty()) {
                    continue;
                }
                ExtractedField field = new ExtractedField(name, value.value(), raw, value.type().apiName(),
                        pair.site().layoutConfidence() * value.certainty(), ExtractedField.KEY_VALUE,
                        pair.site().page(), boxOf(pair.site(), value));
                byName.merge(name, field, (kept, next) -> next.confidence() > kept.confidence() ? next : kept);
            }
        }
        return new ArrayList<>(byName.values());
    }

    private static BoundingBox boxOf(ValueSite site, ParsedValue value) {
        // TypeInference reads a stripped copy of the site text; shift by what stripping removed.
        String text = site.text();
        int lead = text.length() - text.stripLeading().length();
        return site.segment().boxOf(site.start() + lead + value.start(), site.start() + lead + value.end());
    }
}
