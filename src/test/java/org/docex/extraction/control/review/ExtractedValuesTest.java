package org.docex.extraction.control.review;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExtractedValuesTest {

    @Test
    void theMostConfidentValueOfANameWinsInTheOrderNamesFirstAppear() {
        String result = result(field("total", "12.50", 0.6), field("vendor", "ACME", 0.9),
                field("total", "13.00", 0.95), field("total", "99.00", 0.7));

        var values = ExtractedValues.of(result);

        assertEquals(List.of("total", "vendor"), List.copyOf(values.asMap().keySet()));
        assertEquals("13.00", values.get("total").orElseThrow());
    }

    @Test
    void ofEquallyConfidentValuesTheFirstWins() {
        assertEquals("first", ExtractedValues.of(result(field("n", "first", 0.8), field("n", "second", 0.8)))
                .get("n").orElseThrow());
    }

    @Test
    void fieldsWithoutAValueAreLeftOut() {
        JsonObjectBuilder empty = Json.createObjectBuilder().add("name", "title").addNull("value").add("confidence", 1.0);
        var values = ExtractedValues.of(result(empty, field("title", "Invoice", 0.2)));
        assertEquals("Invoice", values.get("title").orElseThrow());
        assertEquals(0, ExtractedValues.of(result()).size());
    }

    private static JsonObjectBuilder field(String name, String value, double confidence) {
        return Json.createObjectBuilder().add("name", name).add("value", value).add("raw", value)
                .add("type", "string").add("confidence", confidence).add("source", "key_value").add("page", 1);
    }

    private static String result(JsonObjectBuilder... fields) {
        JsonArrayBuilder array = Json.createArrayBuilder();
        for (JsonObjectBuilder field : fields) {
            array.add(field);
        }
        return Json.createObjectBuilder().add("metadata", Json.createObjectBuilder()).add("pages", Json.createArrayBuilder())
                .add("fields", array).build().toString();
    }
}
