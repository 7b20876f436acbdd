package org.docex.vendors.control;

import static org.docex.SharedJsonProvider.JSON;

import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import java.io.StringReader;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.Objects;
import org.docex.extraction.control.values.ValueType;

/**
 * How one field of a vendor's invoices is read, learned from where a reviewer's committed value
 * stood on a page of that vendor's.
 *
 * @param relation where the value stands: after its label on the label's line, under its label,
 *                 written out the same on every invoice (a name), or at a place of the page
 * @param anchor   the label's words (lower case, letters and digits), empty for a literal or a place
 * @param words    how many words a text value has (an invoice number: one)
 * @param literal  the value itself, for a literal only
 * @param page     the page it was learned on (1-based)
 * @param x        the horizontal middle of the value, as a share of the page's width
 * @param y        the vertical middle of the value, as a share of the page's height
 */
public record FieldRule(ValueType type, Relation relation, String anchor, int words, String literal, int page,
                        double x, double y) {

    /** Where a value stands, as a rule reads it. */
    public enum Relation {
        RIGHT, BELOW, LITERAL, PLACE;

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public FieldRule {
        Objects.requireNonNull(type);
        Objects.requireNonNull(relation);
        anchor = anchor == null ? "" : anchor;
    }

    public String toJson() {
        JsonObjectBuilder json = JSON.createObjectBuilder()
                .add("type", type.apiName())
                .add("relation", relation.id())
                .add("anchor", anchor)
                .add("words", words)
                .add("page", page)
                .add("x", BigDecimal.valueOf(Math.round(x * 10000) / 10000.0))
                .add("y", BigDecimal.valueOf(Math.round(y * 10000) / 10000.0));
        if (literal != null) {
            json.add("literal", literal);
        }
        return json.build().toString();
    }

    public static FieldRule fromJson(String text) {
        try (JsonReader reader = JSON.createReader(new StringReader(text))) {
            JsonObject json = reader.readObject();
            return new FieldRule(ValueType.named(json.getString("type")).orElse(ValueType.STRING),
                    Relation.valueOf(json.getString("relation").toUpperCase(Locale.ROOT)), json.getString("anchor", ""),
                    json.getInt("words", 1), json.get("literal") instanceof JsonString literal ? literal.getString() : null,
                    json.getInt("page", 1), json.getJsonNumber("x").doubleValue(), json.getJsonNumber("y").doubleValue());
        }
    }
}
