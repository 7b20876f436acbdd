package org.docex.extraction.control.workflow;

import static org.docex.SharedJsonProvider.JSON;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.List;
import org.docex.extraction.control.CustomField;

/** The custom fields a workflow was started with, kept as JSON until a worker runs it. */
public final class CustomFieldsJson {

    private CustomFieldsJson() {
    }

    /** Null for no custom fields. */
    public static String write(List<CustomField> fields) {
        if (fields == null || fields.isEmpty()) {
            return null;
        }
        JsonArrayBuilder array = JSON.createArrayBuilder();
        for (CustomField field : fields) {
            JsonObjectBuilder json = JSON.createObjectBuilder().add("name", field.name());
            addIfPresent(json, "pattern", field.pattern());
            addIfPresent(json, "label", field.label());
            addIfPresent(json, "type", field.type());
            array.add(json);
        }
        return array.build().toString();
    }

    public static List<CustomField> read(String json) {
        if (json == null || json.isBlank()) {
            return List.of();
        }
        try (JsonReader reader = JSON.createReader(new StringReader(json))) {
            JsonArray array = reader.readArray();
            return array.getValuesAs(JsonObject.class).stream()
                    .map(field -> new CustomField(text(field, "name"), text(field, "pattern"), text(field, "label"),
                            text(field, "type")))
                    .toList();
        }
    }

    private static void addIfPresent(JsonObjectBuilder json, String name, String value) {
        if (value != null) {
            json.add(name, value);
        }
    }

    private static String text(JsonObject json, String name) {
        JsonValue value = json.get(name);
        return value == null || value.getValueType() == JsonValue.ValueType.NULL ? null : json.getString(name);
    }
}
