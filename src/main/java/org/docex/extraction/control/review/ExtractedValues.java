package org.docex.extraction.control.review;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.docex.extraction.control.workflow.ResultJson;
import org.docex.extraction.entity.FieldValues;

/**
 * The values an extraction found, by field name: what a review starts from before there is a
 * draft. Several fields of one name (a template and a key-value pair may both find "Total"):
 * the most confident value, the first of equally confident ones. Fields without a value are left out.
 */
public final class ExtractedValues {

    private ExtractedValues() {
    }

    public static FieldValues of(String resultJson) {
        return valuesOf(best(resultJson));
    }

    /** The values of the fields {@link #best} chose. */
    public static FieldValues valuesOf(Map<String, JsonObject> best) {
        Map<String, String> values = new LinkedHashMap<>();
        best.forEach((name, field) -> values.put(name, field.getString("value")));
        return FieldValues.of(values);
    }

    /** The API type ("money", "date", ...) of the fields {@link #best} chose, by name; fields without one are left out. */
    public static Map<String, String> typesOf(Map<String, JsonObject> best) {
        Map<String, String> types = new LinkedHashMap<>();
        best.forEach((name, field) -> {
            if (field.get("type") instanceof JsonString type) {
                types.put(name, type.getString());
            }
        });
        return types;
    }

    /** The field a review starts from for each name, as stored in the result: the most confident with a value, the first of equals. */
    public static Map<String, JsonObject> best(String resultJson) {
        return best(ResultJson.read(resultJson));
    }

    /** As {@link #best(String)}, of a result already read. */
    public static Map<String, JsonObject> best(JsonObject result) {
        Map<String, JsonObject> best = new LinkedHashMap<>();
        Map<String, Double> confidences = new HashMap<>();
        for (JsonObject field : result.getJsonArray("fields").getValuesAs(JsonObject.class)) {
            if (!(field.get("name") instanceof JsonString name) || !(field.get("value") instanceof JsonString)) {
                continue;
            }
            double confidence = field.get("confidence") instanceof JsonNumber number ? number.doubleValue() : 0;
            Double known = confidences.get(name.getString());
            if (known == null || confidence > known) {
                best.put(name.getString(), field);
                confidences.put(name.getString(), confidence);
            }
        }
        return best;
    }
}
