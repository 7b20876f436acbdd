package org.docex.extraction.control.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.List;
import org.docex.errors.UnprocessableException;
import org.docex.extraction.entity.ReviewAction;
import org.junit.jupiter.api.Test;

class ReviewCommandTest {

    @Test
    void theThreeActionsAreKnownByTheirApiNames() {
        assertEquals(ReviewAction.SAVE_DRAFT, ReviewCommand.from(action("save_draft").build()).action());
        assertEquals(ReviewAction.COMMIT, ReviewCommand.from(action("commit").build()).action());
        assertEquals(ReviewAction.REJECT, ReviewCommand.from(action("reject").add("comment", "blurred scan").build()).action());
    }

    @Test
    void anyOtherOrMissingActionIsRefused() {
        for (JsonObject body : List.of(action("approve").build(), action("COMMIT").build(), action("").build(),
                Json.createObjectBuilder().build(), Json.createObjectBuilder().add("action", 1).build(),
                Json.createObjectBuilder().addNull("action").build())) {
            assertRefused("action: must be save_draft, commit, reject or reopen", body);
        }
        assertThrows(UnprocessableException.class, () -> ReviewCommand.from(null));
    }

    @Test
    void aBodyThatIsNotJsonIsMalformedAndOneThatIsNoObjectIsUnprocessable() {
        assertEquals(ReviewAction.COMMIT, ReviewCommand.parse("{\"action\": \"commit\"}").action());
        assertEquals("Malformed JSON request body",
                assertThrows(jakarta.ws.rs.BadRequestException.class, () -> ReviewCommand.parse("{nope")).getMessage());
        for (String body : List.of("", " ", "[]", "\"commit\"", "null")) {
            assertThrows(UnprocessableException.class, () -> ReviewCommand.parse(body), body);
        }
    }

    @Test
    void rejectingNeedsAComment() {
        assertRefused("comment: a reason is required to reject", action("reject").build());
        assertRefused("comment: a reason is required to reject", action("reject").add("comment", "  \n").build());
    }

    @Test
    void commentsHaveAtMostTwoThousandCharactersAndBlankIsNone() {
        assertEquals("c".repeat(2000), ReviewCommand.from(action("commit").add("comment", "c".repeat(2000)).build()).comment());
        assertNull(ReviewCommand.from(action("save_draft").add("comment", " ").build()).comment());
        assertRefused("comment: at most 2000 characters", action("save_draft").add("comment", "c".repeat(2001)).build());
        assertRefused("comment: must be a string", action("save_draft").add("comment", 5).build());
    }

    @Test
    void theVersionIsAPositiveWholeNumberWhenGiven() {
        assertEquals(3L, ReviewCommand.from(action("save_draft").add("version", 3).build()).version());
        assertNull(ReviewCommand.from(action("save_draft").build()).version());
        assertNull(ReviewCommand.from(action("save_draft").addNull("version").build()).version());
        for (JsonObject body : List.of(action("save_draft").add("version", "3").build(),
                action("save_draft").add("version", 1.5).build(), action("save_draft").add("version", 0).build(),
                action("save_draft").add("version", new java.math.BigDecimal("1e30")).build())) {
            assertRefused("version: must be a positive whole number", body);
        }
    }

    @Test
    void otherPropertiesAreIgnored() {
        ReviewCommand command = ReviewCommand.from(action("save_draft").add("status", "committed")
                .add("committed", Json.createObjectBuilder().add("fields", Json.createObjectBuilder().add("a", "b")))
                .add("id", "x").add("reviews", Json.createArrayBuilder()).build());
        assertEquals(ReviewAction.SAVE_DRAFT, command.action());
        assertEquals(0, command.edits().asMap().size());
    }

    private static JsonObjectBuilder action(String name) {
        return Json.createObjectBuilder().add("action", name);
    }

    private static void assertRefused(String detail, JsonObject body) {
        assertEquals(detail, assertThrows(UnprocessableException.class, () -> ReviewCommand.from(body)).getMessage(),
                body.toString());
    }
}
