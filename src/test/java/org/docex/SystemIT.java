package org.docex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.junit.jupiter.api.Test;

/** Operations endpoints and the error format of answers the container gives itself. */
@SharedServer(ServerGroup.GENERAL)
class SystemIT extends BlackBoxTest {

    @Test
    void readyWhenTheDatabaseAnswers() {
        ApiResponse ready = api().get("/health/ready");
        assertEquals(200, ready.status(), ready.body());
        assertEquals("UP", ready.json().getString("status"));
        assertEquals("database", ready.json().getJsonArray("checks").getJsonObject(0).getString("name"));
    }

    @Test
    void live() {
        assertEquals(200, api().get("/health/live").status());
    }

    @Test
    void unknownRouteUnderApiIsJson404() {
        ApiResponse answer = api().get("/api/anything-unknown");
        assertEquals(404, answer.status());
        assertEquals("Not found", answer.detail());
        assertTrue(answer.header("Content-Type").orElse("").startsWith("application/json"));
    }

    @Test
    void unknownPathOutsideApiIsJson404() {
        ApiResponse answer = api().get("/no/such/page.html");
        assertEquals(404, answer.status());
        assertEquals("Not found", answer.detail());
    }

    @Test
    void serverDoesNotAnnounceItself() {
        assertTrue(api().get("/api/anything-unknown").header("Server").isEmpty());
    }

    @Test
    void noHstsUnlessConfigured() {
        for (ApiResponse answer : java.util.List.of(api().get("/"), api().get("/api/anything-unknown"))) {
            assertTrue(answer.header("Strict-Transport-Security").isEmpty(), "TLS usually ends at a proxy");
        }
    }

    @Test
    void openApiDocumentIsServed() {
        ApiResponse document = api().get("/openapi");
        assertEquals(200, document.status());
        assertTrue(document.body().contains("title: docex"), document.body());
        for (String path : java.util.List.of("/api/users/login:", "/api/users/{id}:", "/api/documents/upload:",
                "/api/documents/{id}/pages/{n}/image:", "/api/vendors/{id}/rules/{field}:",
                "/api/documents/separator-sheet:", "- name: split")) {
            assertTrue(document.body().contains(path), "documents " + path);
        }
    }

    @Test
    void metricsAreServed() {
        ApiResponse metrics = api().get("/metrics");
        assertEquals(200, metrics.status());
        assertTrue(metrics.body().contains("# TYPE"), "Prometheus text format");
    }
}
