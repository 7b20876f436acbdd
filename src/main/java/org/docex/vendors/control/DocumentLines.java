package org.docex.vendors.control;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.util.ArrayList;
import java.util.List;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.ExtractionResult;
import org.docex.extraction.control.PageResult;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.values.DateOrder;
import org.docex.extraction.control.workflow.ResultJson;

/** A document's text lines, top to bottom page by page, and the order its dates are written in. */
public record DocumentLines(List<LineOnPage> lines, DateOrder order) {

    public DocumentLines {
        lines = List.copyOf(lines);
    }

    /** The lines of a result just extracted. */
    public static DocumentLines of(ExtractionResult result) {
        List<LineOnPage> lines = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (PageResult page : result.pages()) {
            texts.add(page.text() == null ? "" : page.text());
            for (TextLine line : page.lines()) {
                lines.add(new LineOnPage(page.number(), line.text(), line.box(), page.width(), page.height()));
            }
        }
        return new DocumentLines(lines, DateOrder.inferFrom(texts));
    }

    /** The lines of a stored result, from its pages' details ({@code {"number", "width", "height", "text", "lines"}}). */
    public static DocumentLines ofStored(List<String> pageDetails) {
        List<LineOnPage> lines = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (String detail : pageDetails) {
            JsonObject page = ResultJson.read(detail);
            int number = page.getInt("number");
            double width = page.getJsonNumber("width").doubleValue();
            double height = page.getJsonNumber("height").doubleValue();
            texts.add(page.get("text") instanceof JsonString text ? text.getString() : "");
            for (JsonObject line : page.getJsonArray("lines").getValuesAs(JsonObject.class)) {
                JsonArray box = line.getJsonArray("bbox");
                if (box == null || box.size() != 4) {
                    continue;
                }
                lines.add(new LineOnPage(number, line.getString("text"), new BoundingBox(coordinate(box, 0),
                        coordinate(box, 1), coordinate(box, 2), coordinate(box, 3)), width, height));
            }
        }
        return new DocumentLines(lines, DateOrder.inferFrom(texts));
    }

    private static double coordinate(JsonArray box, int index) {
        return ((JsonNumber) box.get(index)).doubleValue();
    }
}
