package org.docex.extraction;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.Uploads;

/** Workflows brought to review and reviewed over HTTP, as a client does it. */
final class Reviewing {

    static final Duration LIMIT = Duration.ofSeconds(120);

    private Reviewing() {
    }

    /** {@code count} invoice workflows of one new document, extracted. */
    static List<String> extracted(Api api, int count) {
        String document = Uploads.uploaded(api, "invoice.pdf", GeneratedPdfs.invoice());
        List<String> ids = IntStream.range(0, count).mapToObj(i -> started(api, document)).toList();
        ids.forEach(id -> assertEquals("extracted", WorkflowPolling.awaitEnd(api, id, LIMIT).getString("status"), id));
        return ids;
    }

    static String extracted(Api api) {
        return extracted(api, 1).get(0);
    }

    static String started(Api api, String document) {
        ApiResponse started = WorkflowPolling.start(api, WorkflowPolling.request(document).add("template", "invoice"));
        assertEquals(202, started.status(), started.body());
        return started.json().getString("id");
    }

    static JsonObjectBuilder action(String name) {
        return Json.createObjectBuilder().add("action", name);
    }

    static JsonObjectBuilder rejection() {
        return action("reject").add("comment", "The scan is unreadable");
    }

    static ApiResponse review(Api api, String id, JsonObjectBuilder body) {
        return api.post("/api/extractions/workflow/" + id + "/review", body.build());
    }

    /** Reviews and answers the workflow; fails the test when the review is refused. */
    static JsonObject reviewed(Api api, String id, JsonObjectBuilder body) {
        ApiResponse answer = review(api, id, body);
        assertEquals(200, answer.status(), answer.body());
        return answer.json();
    }

    static JsonObject workflow(Api api, String id) {
        return WorkflowPolling.get(api, id);
    }

    static void assertError(int status, String detail, ApiResponse answer) {
        assertEquals(status, answer.status(), answer.body());
        assertEquals(detail, answer.detail(), answer.body());
    }
}
