package org.docex.extraction.control.workflow;

import static org.docex.SharedJsonProvider.JSON;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.stream.JsonGenerator;
import java.io.StringReader;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.EInvoiceSummary;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.ExtractionResult;
import org.docex.extraction.control.PageResult;
import org.docex.extraction.control.PageSource;
import org.docex.extraction.control.table.Cell;
import org.docex.extraction.control.table.Table;
import org.docex.extraction.control.text.TextLine;

/**
 * An extraction result as stored and as clients read it: {@code {"metadata", "pages", "fields", "warnings", "checks", "tables"}}
 * with snake_case names, 1-based page numbers and each box as {@code [x0, y0, x1, y1]}.
 *
 * <p>Written with a streaming generator rather than built as a tree first: a long document's
 * result and page details are megabytes, and the tree (a map per object, a number object per
 * coordinate) was about 7% of what an extraction thread allocated. Decimals are written as
 * {@link BigDecimal#valueOf(double)} prints them, as the tree's numbers did, so what is stored
 * does not change.
 */
public final class ResultJson {

    private ResultJson() {
    }

    public static String write(ExtractionResult result) {
        // Sized up front: a long document's result is megabytes, and a buffer grown by doubling
        // allocates each size on the way (each one a humongous object for the garbage collector).
        StringWriter out = new StringWriter(estimatedLength(result));
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartObject();
            json.writeStartObject("metadata");
            new TreeMap<>(result.metadata()).forEach((name, value) -> writeNullable(json, name, value));
            eInvoice(json, result.eInvoice());
            json.writeEnd();
            json.writeStartArray("pages");
            result.pages().forEach(page -> page(json, page));
            json.writeEnd();
            json.writeStartArray("fields");
            result.fields().forEach(field -> field(json, field));
            json.writeEnd();
            json.writeStartArray("warnings");
            result.warnings().forEach(json::write);
            json.writeEnd();
            json.writeStartArray("checks");
            result.checks().forEach(check -> json.writeStartObject()
                    .write("name", check.name())
                    .write("status", check.status())
                    .write("detail", check.detail())
                    .writeEnd());
            json.writeEnd();
            tables(json, result);
            json.writeEnd();
        }
        return out.toString();
    }

    /** {@code "e_invoice": {"format", "syntax", "profile", "specification_id", "document_type", "type_code"}}, or null. */
    private static void eInvoice(JsonGenerator json, EInvoiceSummary summary) {
        if (summary == null) {
            json.writeNull("e_invoice");
            return;
        }
        json.writeStartObject("e_invoice");
        writeNullable(json, "format", summary.format());
        writeNullable(json, "syntax", summary.syntax());
        writeNullable(json, "profile", summary.profile());
        writeNullable(json, "specification_id", summary.specificationId());
        writeNullable(json, "document_type", summary.documentType());
        writeNullable(json, "type_code", summary.typeCode());
        json.writeEnd();
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

    private static void tables(JsonGenerator json, ExtractionResult result) {
        json.writeStartArray("tables");
        for (Table table : result.tables()) {
            json.writeStartObject()
                    .write("page", table.page());
            box(json, "bbox", table.bbox());
            json.write("header_rows", table.headerRows());
            json.writeStartArray("columns");
            table.columns().forEach(kind -> json.write(kind.name().toLowerCase(Locale.ROOT)));
            json.writeEnd();
            json.writeStartArray("rows");
            for (List<Cell> row : table.rows()) {
                json.writeStartArray();
                for (Cell cell : row) {
                    json.writeStartObject().write("text", cell.text());
                    box(json, "bbox", cell.bbox());
                    json.writeEnd();
                }
                json.writeEnd();
            }
            json.writeEnd();
            json.write("continues_on_next_page", table.continuesOnNextPage())
                    .write("continued_from_previous_page", table.continuedFromPreviousPage())
                    .writeEnd();
        }
        json.writeEnd();
    }

    /**
     * Each page's detail as stored beside the result, in page order: {@code {"number", "width",
     * "height", "source", "text", "lines": [{"text", "bbox", "confidence"}]}}.
     */
    public static List<String> pageDetails(ExtractionResult result) {
        return result.pages().stream().map(ResultJson::pageDetail).toList();
    }

    private static String pageDetail(PageResult page) {
        StringWriter out = new StringWriter(page.text() == null ? 256 : 256 + 2 * page.text().length());
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartObject()
                    .write("number", page.number());
            decimal(json, "width", page.width());
            decimal(json, "height", page.height());
            json.write("source", page.source().source());
            writeNullable(json, "text", page.text());
            json.writeStartArray("lines");
            for (TextLine line : page.lines()) {
                json.writeStartObject().write("text", line.text());
                box(json, "bbox", line.box());
                decimal(json, "confidence", thousandths(line.confidence()));
                json.writeEnd();
            }
            json.writeEnd().writeEnd();
        }
        return out.toString();
    }

    public static JsonObject read(String json) {
        try (JsonReader reader = JSON.createReader(new StringReader(json))) {
            return reader.readObject();
        }
    }

    private static void page(JsonGenerator json, PageResult page) {
        json.writeStartObject()
                .write("number", page.number());
        decimal(json, "width", page.width());
        decimal(json, "height", page.height());
        json.write("rotation", page.rotation());
        writeNullable(json, "text", page.text());
        json.write("has_text_layer", page.hasTextLayer()).write("source", page.source().source());
        PageSource.OcrInfo ocr = page.source().ocr();
        if (ocr == null) {
            json.writeNull("ocr");
        } else {
            json.writeStartObject("ocr")
                    .write("engine", ocr.engine())
                    .write("languages", ocr.languages())
                    .write("dpi", ocr.dpi());
            decimal(json, "mean_confidence", thousandths(ocr.meanConfidence()));
            json.writeEnd();
        }
        json.writeEnd();
    }

    private static void field(JsonGenerator json, ExtractedField field) {
        json.writeStartObject();
        writeNullable(json, "name", field.name());
        writeNullable(json, "value", field.value());
        writeNullable(json, "raw", field.raw());
        writeNullable(json, "type", field.type());
        decimal(json, "confidence", field.confidence());
        writeNullable(json, "source", field.source());
        json.write("page", field.page());
        box(json, "bbox", field.bbox());
        if (field.learnedFrom() != null) {
            json.write("learned_from", field.learnedFrom());
        }
        json.writeEnd();
    }

    /** The box as {@code [x0, y0, x1, y1]}, or null. */
    private static void box(JsonGenerator json, String name, BoundingBox bbox) {
        if (bbox == null) {
            json.writeNull(name);
            return;
        }
        json.writeStartArray(name);
        for (double coordinate : bbox.toArray()) {
            json.write(BigDecimal.valueOf(coordinate));
        }
        json.writeEnd();
    }

    private static void decimal(JsonGenerator json, String name, double value) {
        json.write(name, BigDecimal.valueOf(value));
    }

    private static double thousandths(double confidence) {
        return Math.round(confidence * 1000.0) / 1000.0;
    }

    private static void writeNullable(JsonGenerator json, String name, String value) {
        if (value == null) {
            json.writeNull(name);
        } else {
            json.write(name, value);
        }
    }
}
