package org.docex.extraction.entity;

import static org.docex.SharedJsonProvider.JSON;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;
import java.io.StringReader;
import java.util.List;
import java.util.Objects;

/** Stores the changes of a review as a JSON array of {@code {"field", "from", "to", "truncated"?}}. */
@Converter
public class FieldChangesConverter implements AttributeConverter<List<FieldChange>, String> {

    @Override
    public String convertToDatabaseColumn(List<FieldChange> changes) {
        JsonArrayBuilder array = JSON.createArrayBuilder();
        for (FieldChange change : Objects.requireNonNull(changes)) {
            JsonObjectBuilder json = JSON.createObjectBuilder().add("field", change.field());
            addNullable(json, "from", change.from());
            addNullable(json, "to", change.to());
            if (change.truncated()) {
                json.add("truncated", true);
            }
            array.add(json);
        }
        return array.build().toString();
    }

    @Override
    public List<FieldChange> convertToEntityAttribute(String json) {
        try (JsonReader reader = JSON.createReader(new StringReader(json))) {
            return reader.readArray().getValuesAs(JsonObject.class).stream()
                    .map(change -> new FieldChange(change.getString("field"), change.getString("from", null),
                            change.getString("to", null), change.getBoolean("truncated", false)))
                    .toList();
        }
    }

    private static void addNullable(JsonObjectBuilder json, String name, String value) {
        if (value == null) {
            json.addNull(name);
        } else {
            json.add(name, value);
        }
    }
}
