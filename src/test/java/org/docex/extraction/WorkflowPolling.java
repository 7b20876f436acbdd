package org.docex.extraction;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;

/** Starting workflows and waiting for them, as a client polls. */
public final class WorkflowPolling {

    static final Set<String> ENDED = Set.of("extracted", "failed");

    private WorkflowPolling() {
    }

    public static JsonObjectBuilder request(String documentId) {
        return Json.createObjectBuilder().add("document_id", documentId);
    }

    static JsonObjectBuilder patternField(String name, String pattern) {
        return Json.createObjectBuilder().add("name", name).add("pattern", pattern);
    }

    static JsonArrayBuilder fields(JsonObjectBuilder... fields) {
        JsonArrayBuilder array = Json.createArrayBuilder();
        for (JsonObjectBuilder field : fields) {
            array.add(field);
        }
        return array;
    }

    public static ApiResponse start(Api api, JsonObjectBuilder request) {
        return api.post("/api/extractions/extract/workflow", request.build());
    }

    /** Starts a generic extraction and answers the workflow's id. */
    public static String started(Api api, String documentId) {
        ApiResponse started = start(api, request(documentId));
        assertEquals(202, started.status(), started.body());
        return started.json().getString("id");
    }

    public static JsonObject get(Api api, String id) {
        ApiResponse answer = api.get("/api/extractions/workflow/" + id);
        assertEquals(200, answer.status(), answer.body());
        return answer.json();
    }

    /** Polls until the workflow is extracted or failed; fails the test when that takes longer than {@code limit}. */
    public static JsonObject awaitEnd(Api api, String id, Duration limit) {
        Instant deadline = Instant.now().plus(limit);
        JsonObject workflow = get(api, id);
        while (!ENDED.contains(workflow.getString("status"))) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("Workflow still " + workflow.getString("status") + " after " + limit + ": " + workflow);
            }
            pause(Duration.ofMillis(200));
            workflow = get(api, id);
        }
        return workflow;
    }

    /** Polls until the workflow has saved progress (some pages done) and answers it; fails after a minute without. */
    public static JsonObject awaitProgress(Api api, String id) {
        Instant deadline = Instant.now().plusSeconds(60);
        JsonObject workflow = get(api, id);
        while (workflow.getJsonObject("progress").getInt("pages_done") == 0) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("no progress: " + workflow);
            }
            pause(Duration.ofMillis(50));
            workflow = get(api, id);
        }
        return workflow;
    }

    public static void pause(Duration time) {
        try {
            Thread.sleep(time.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
