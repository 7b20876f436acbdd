package org.docex.extraction.control.review;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.docex.extraction.entity.FieldChange;
import org.docex.extraction.entity.FieldValues;

/** What a review changed: changed and removed fields in their former order, then added ones. */
public final class FieldChanges {

    private FieldChanges() {
    }

    public static List<FieldChange> between(FieldValues before, FieldValues after) {
        Map<String, String> old = before.asMap();
        Map<String, String> now = after.asMap();
        List<FieldChange> changes = new ArrayList<>();
        old.forEach((name, value) -> {
            if (!value.equals(now.get(name))) {
                changes.add(FieldChange.of(name, value, now.get(name)));
            }
        });
        now.forEach((name, value) -> {
            if (!old.containsKey(name)) {
                changes.add(FieldChange.of(name, null, value));
            }
        });
        return changes;
    }
}
