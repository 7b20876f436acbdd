package org.docex.extraction.control.workflow;

import static org.docex.SharedJsonProvider.JSON;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.util.TreeMap;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.ExtractionResult;
import org.docex.extraction.control.PageResult;

/**
 * An extraction result as stored and as clients read it: {@code {"metadata", "pages", "fields"}}
 * with snake_case names, 1-based page numbers and each box as {@code [x0, y0, x1, y1]}.
 */
public final class ResultJson {

    private ResultJson() {
    }

    public static String write(ExtractionResult result) {
        JsonObjectBuilder metadata = JSON.createObjectBuilder();
        new TreeMap<>(result.metadata()).forEach((name, value) -> addNullable(metadata, name, value));
        JsonArrayBuilder pages = JSON.createArrayBuilder();
        result.pages().forEach(page -> pages.add(page(page)));
        JsonArrayBuilder fields = JSON.createArrayBuilder();
        result.fields().forEach(field -> fields.add(field(field)));
        return JSON.createObjectBuilder()
                .add("metadata", metadata)
                .add("pages", pages)
                .add("fields", fields)
                .build()
                .toString();
    }

    public static JsonObject read(String json) {
        try (JsonReader reader = JSON.createReader(new StringReader(json))) {
            return reader.readObject();
        }
    }

    private static JsonObjectBuilder page(PageResult page) {
        JsonObjectBuilder json = JSON.createObjectBuilder()
                .add("number", page.number())
                .add("width", page.width())
                .add("height", page.height())
                .add("rotation", page.rotation());
        addNullable(json, "text", page.text());
        return json.add("has_text_layer", page.hasTextLayer());
    }

    private static JsonObjectBuilder field(ExtractedField field) {
        JsonObjectBuilder json = JSON.createObjectBuilder();
        addNullable(json, "name", field.name());
        addNullable(json, "value", field.value());
        addNullable(json, "raw", field.raw());
        addNullable(json, "type", field.type());
        json.add("confidence", field.confidence());
        addNullable(json, "source", field.source());
        json.add("page", field.page());
        if (field.bbox() == null) {
            json.addNull("bbox");
        } else {
            JsonArrayBuilder box = JSON.createArrayBuilder();
            for (double coordinate : field.bbox().toArray()) {
                box.add(coordinate);
            }
            json.add("bbox", box);
        }
        return json;
    }

    private static void addNullable(JsonObjectBuilder json, String name, String value) {
        if (value == null) {
            json.addNull(name);
        } else {
            json.add(name, value);
        }
    }
}
