package org.docex.extraction.control.review;

import static org.docex.SharedJsonProvider.JSON;

import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.BadRequestException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.util.Objects;
import org.docex.errors.UnprocessableException;
import org.docex.extraction.entity.ReviewAction;
import org.docex.extraction.entity.ReviewEntry;

/**
 * A review request, checked: {@code {"action", "fields"?, "comment"?, "version"?}}. Other
 * properties are ignored: a client cannot set a status, committed data or anything else.
 */
public record ReviewCommand(ReviewAction action, FieldEdits edits, String comment, Long version) {

    public ReviewCommand {
        Objects.requireNonNull(action);
        Objects.requireNonNull(edits);
        if (action == ReviewAction.REJECT && comment == null) {
            throw new UnprocessableException("comment: a reason is required to reject");
        }
        if (action == ReviewAction.REOPEN && comment == null) {
            throw new UnprocessableException("comment: a reason is required to reopen");
        }
    }

    /** From the request body as sent: malformed JSON 400, anything but an object with a known action 422. */
    public static ReviewCommand parse(String body) {
        if (body == null || body.isBlank()) {
            return from(null);
        }
        try (JsonReader reader = JSON.createReader(new StringReader(body))) {
            JsonValue json = reader.readValue();
            return from(json instanceof JsonObject object ? object : null);
        } catch (JsonException e) {
            throw new BadRequestException("Malformed JSON request body");
        }
    }

    public static ReviewCommand from(JsonObject body) {
        if (body == null) {
            throw new UnprocessableException("A JSON object with an action is required");
        }
        return new ReviewCommand(action(body.get("action")), FieldEdits.from(body.get("fields")),
                comment(body.get("comment")), version(body.get("version")));
    }

    private static ReviewAction action(JsonValue json) {
        String name = json instanceof JsonString text ? text.getString() : null;
        return ReviewAction.named(name)
                .orElseThrow(() -> new UnprocessableException("action: must be save_draft, commit, reject or reopen"));
    }

    /** Blank is as good as none. */
    private static String comment(JsonValue json) {
        if (json == null || json.getValueType() == JsonValue.ValueType.NULL) {
            return null;
        }
        if (!(json instanceof JsonString text)) {
            throw new UnprocessableException("comment: must be a string");
        }
        String comment = text.getString();
        if (comment.codePointCount(0, comment.length()) > ReviewEntry.MAX_COMMENT_LENGTH) {
            throw new UnprocessableException("comment: at most " + ReviewEntry.MAX_COMMENT_LENGTH + " characters");
        }
        return comment.isBlank() ? null : comment;
    }

    private static Long version(JsonValue json) {
        if (json == null || json.getValueType() == JsonValue.ValueType.NULL) {
            return null;
        }
        if (json instanceof JsonNumber number) {
            try {
                BigDecimal value = number.bigDecimalValue();
                return value.signum() > 0 ? value.longValueExact() : failVersion();
            } catch (ArithmeticException e) {
                return failVersion();
            }
        }
        return failVersion();
    }

    private static Long failVersion() {
        throw new UnprocessableException("version: must be a positive whole number");
    }
}
