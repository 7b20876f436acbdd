package org.docex.extraction.control.review;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.docex.errors.UnprocessableException;
import org.docex.extraction.entity.FieldValues;

/**
 * Changes a review makes to a workflow's fields: a value sets a field (a new name adds it), null
 * removes it. They apply over the current draft, or over the extracted values when there is none.
 */
public final class FieldEdits {

    public static final int MAX_NAME_LENGTH = 100;
    public static final int MAX_VALUE_LENGTH = 10_000;
    /** Most edits in one request, and most fields a draft may grow to. */
    public static final int MAX_FIELDS = 1000;
    public static final FieldEdits NONE = new FieldEdits(Map.of());

    private final Map<String, String> edits;

    private FieldEdits(Map<String, String> edits) {
        this.edits = edits;
    }

    /** From the request's {@code fields}: absent or null for none, else an object of strings and nulls. */
    public static FieldEdits from(JsonValue json) {
        if (json == null || json.getValueType() == JsonValue.ValueType.NULL) {
            return NONE;
        }
        if (!(json instanceof JsonObject object)) {
            throw new UnprocessableException("fields: must be an object of field names to strings or null");
        }
        Map<String, String> edits = new LinkedHashMap<>();
        object.forEach((name, value) -> {
            if (value instanceof JsonString text) {
                edits.put(name, text.getString());
            } else if (value.getValueType() == JsonValue.ValueType.NULL) {
                edits.put(name, null);
            } else {
                throw new UnprocessableException("fields: the value of '" + shortened(name) + "' must be a string or null");
            }
        });
        return of(edits);
    }

    /** {@code edits}: name to new value, or to null for removal. */
    public static FieldEdits of(Map<String, String> edits) {
        if (edits.size() > MAX_FIELDS) {
            throw new UnprocessableException("fields: at most " + MAX_FIELDS + " fields per request");
        }
        edits.forEach((name, value) -> {
            int length = characters(name);
            if (length < 1 || length > MAX_NAME_LENGTH || name.isBlank()) {
                throw new UnprocessableException("fields: a field name must have 1 to " + MAX_NAME_LENGTH
                        + " characters and not be blank ('" + shortened(name) + "')");
            }
            if (value != null && characters(value) > MAX_VALUE_LENGTH) {
                throw new UnprocessableException("fields: the value of '" + name + "' is longer than "
                        + MAX_VALUE_LENGTH + " characters");
            }
        });
        return new FieldEdits(Collections.unmodifiableMap(new LinkedHashMap<>(edits)));
    }

    /** Changed fields keep their place, added ones come last. */
    public FieldValues applyTo(FieldValues base) {
        Map<String, String> merged = new LinkedHashMap<>(base.asMap());
        edits.forEach((name, value) -> {
            if (value == null) {
                merged.remove(name);
            } else {
                merged.put(name, value);
            }
        });
        // An extraction may have found more; such a draft may still shrink or change, but not grow.
        if (merged.size() > MAX_FIELDS && merged.size() > base.size()) {
            throw new UnprocessableException("fields: a draft holds at most " + MAX_FIELDS + " fields");
        }
        return FieldValues.of(merged);
    }

    public Map<String, String> asMap() {
        return edits;
    }

    private static int characters(String text) {
        return text.codePointCount(0, text.length());
    }

    private static String shortened(String name) {
        return name.length() > 40 ? name.substring(0, 40) + "..." : name;
    }
}
