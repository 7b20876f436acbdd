package org.docex.extraction.entity;

import static org.docex.SharedJsonProvider.JSON;

import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import java.io.StringReader;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** Reviewed values by field name, in the order the names first appeared: a draft or committed data. */
public final class FieldValues {

    public static final FieldValues NONE = new FieldValues(Map.of());

    private final Map<String, String> values;

    private FieldValues(Map<String, String> values) {
        this.values = values;
    }

    /** A copy of {@code values}, which must hold neither null names nor null values. */
    public static FieldValues of(Map<String, String> values) {
        Map<String, String> copy = new LinkedHashMap<>();
        values.forEach((name, value) -> copy.put(Objects.requireNonNull(name), Objects.requireNonNull(value)));
        return new FieldValues(Collections.unmodifiableMap(copy));
    }

    public static FieldValues fromJson(String json) {
        try (JsonReader reader = JSON.createReader(new StringReader(json))) {
            JsonObject object = reader.readObject();
            Map<String, String> values = new LinkedHashMap<>();
            object.forEach((name, value) -> values.put(name, ((JsonString) value).getString()));
            return of(values);
        }
    }

    public String toJson() {
        JsonObjectBuilder json = JSON.createObjectBuilder();
        values.forEach(json::add);
        return json.build().toString();
    }

    public Map<String, String> asMap() {
        return values;
    }

    public Optional<String> get(String name) {
        return Optional.ofNullable(values.get(name));
    }

    public int size() {
        return values.size();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FieldValues that && values.equals(that.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
