package org.docex.extraction.control.workflow;

import static org.docex.SharedJsonProvider.JSON;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import java.util.TreeMap;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.ExtractionResult;
import org.docex.extraction.control.PageResult;
import org.docex.extraction.control.PageSource;
import org.docex.extraction.control.table.Cell;
import org.docex.extraction.control.table.Table;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextToken;

/**
 * An extraction result as stored and as clients read it: {@code {"metadata", "pages", "fields", "warnings", "checks", "tables"}}
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
        JsonArrayBuilder warnings = JSON.createArrayBuilder();
        result.warnings().forEach(warnings::add);
        JsonArrayBuilder checks = JSON.createArrayBuilder();
        result.checks().forEach(check -> checks.add(JSON.createObjectBuilder()
                .add("name", check.name())
                .add("status", check.status())
                .add("detail", check.detail())));
        JsonObject json = JSON.createObjectBuilder()
                .add("metadata", metadata)
                .add("pages", pages)
                .add("fields", fields)
                .add("warnings", warnings)
                .add("checks", checks)
                .add("tables", tables(result))
                .build();
        // Sized up front: a long document's result is megabytes, and a buffer grown by doubling
        // allocates each size on the way (each one a humongous object for the garbage collector).
        StringWriter out = new StringWriter(estimatedLength(result));
        try (JsonWriter writer = JSON.createWriter(out)) {
            writer.writeObject(json);
        }
        return out.toString();
    }

    /** The pages' text with a tenth more for escapes, and room for each page's and field's other members. */
    private static int estimatedLength(ExtractionResult result) {
        long text = 0;
        for (PageResult page : result.pages()) {
            text += page.text() == null ? 0 : page.text().length();
        }
        long estimate = text + text / 10 + 256L * (result.pages().size() + result.fields().size()) + 4096;
        return (int) Math.min(estimate, Integer.MAX_VALUE - 16);
    }

    private static JsonArrayBuilder tables(ExtractionResult result) {
        JsonArrayBuilder tables = JSON.createArrayBuilder();
        for (Table table : result.tables()) {
            JsonArrayBuilder rows = JSON.createArrayBuilder();
            for (List<Cell> row : table.rows()) {
                JsonArrayBuilder cells = JSON.createArrayBuilder();
                for (Cell cell : row) {
                    JsonObjectBuilder json = JSON.createObjectBuilder().add("text", cell.text());
                    cells.add(cell.bbox() == null ? json.addNull("bbox") : json.add("bbox", box(cell.bbox())));
                }
                rows.add(cells);
            }
            JsonArrayBuilder columns = JSON.createArrayBuilder();
            table.columns().forEach(kind -> columns.add(kind.name().toLowerCase(java.util.Locale.ROOT)));
            tables.add(JSON.createObjectBuilder()
                    .add("page", table.page())
                    .add("bbox", box(table.bbox()))
                    .add("header_rows", table.headerRows())
                    .add("columns", columns)
                    .add("rows", rows)
                    .add("continues_on_next_page", table.continuesOnNextPage())
                    .add("continued_from_previous_page", table.continuedFromPreviousPage()));
        }
        return tables;
    }

    /**
     * Each page's detail as stored beside the result, in page order: {@code {"number", "width",
     * "height", "source", "text", "lines": [{"text", "bbox", "confidence"}]}}.
     */
    public static List<String> pageDetails(ExtractionResult result) {
        return result.pages().stream().map(ResultJson::pageDetail).toList();
    }

    private static String pageDetail(PageResult page) {
        JsonArrayBuilder lines = JSON.createArrayBuilder();
        for (TextLine line : page.lines()) {
            double confidence = line.tokens().stream().mapToDouble(TextToken::confidence).min().orElse(1.0);
            lines.add(JSON.createObjectBuilder()
                    .add("text", line.text())
                    .add("bbox", box(line.box()))
                    .add("confidence", Math.round(confidence * 1000.0) / 1000.0));
        }
        JsonObjectBuilder json = JSON.createObjectBuilder()
                .add("number", page.number())
                .add("width", page.width())
                .add("height", page.height())
                .add("source", page.source().source());
        addNullable(json, "text", page.text());
        return json.add("lines", lines).build().toString();
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
        json.add("has_text_layer", page.hasTextLayer()).add("source", page.source().source());
        PageSource.OcrInfo ocr = page.source().ocr();
        if (ocr == null) {
            return json.addNull("ocr");
        }
        return json.add("ocr", JSON.createObjectBuilder()
                .add("engine", ocr.engine())
                .add("languages", ocr.languages())
                .add("dpi", ocr.dpi())
                .add("mean_confidence", Math.round(ocr.meanConfidence() * 1000.0) / 1000.0));
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
            json.add("bbox", box(field.bbox()));
        }
        return json;
    }

    private static JsonArrayBuilder box(BoundingBox bbox) {
        JsonArrayBuilder box = JSON.createArrayBuilder();
        for (double coordinate : bbox.toArray()) {
            box.add(coordinate);
        }
        return box;
    }

    private static void addNullable(JsonObjectBuilder json, String name, String value) {
        if (value == null) {
            json.addNull(name);
        } else {
            json.add(name, value);
        }
    }
}
