package org.docex.webhooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.List;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.junit.jupiter.api.Test;

/** With the default settings a webhook cannot point into the server's own network, nor use another scheme than http(s). */
@SharedServer(ServerGroup.STRICT)
class WebhookUrlsIT extends BlackBoxTest {

    @Test
    void internalAddressesAndOtherSchemesAreRefusedWhenSavedAndAPublicAddressIsTaken() {
        Api admin = api().as(accounts().adminToken());
        int before = admin.get("/api/webhooks").json().getInt("total");
        for (String url : List.of("http://127.0.0.1/", "http://10.0.0.1/", "http://169.254.169.254/latest/meta-data/",
                "http://[::1]/", "http://localhost:8080/hook", "http://192.168.1.10/", "http://[fd00::1]/",
                "http://[::ffff:127.0.0.1]/", "http://0.0.0.0/", "http://224.0.0.1/", "file:///etc/passwd",
                "ftp://ftp.example.com/hook", "http://user:secret@93.184.215.14/", "//93.184.215.14/")) {
            ApiResponse refused = admin.post("/api/webhooks", subscription(url));
            assertEquals(422, refused.status(), url + " -> " + refused.body());
            assertTrue(refused.detail().startsWith("url"), refused.detail());
        }
        assertEquals(before, admin.get("/api/webhooks").json().getInt("total"), "nothing was saved");

        // An address literal needs no DNS, which this test cannot count on: a public one is taken.
        ApiResponse created = admin.post("/api/webhooks", subscription("https://93.184.215.14/hooks/docex"));
        assertEquals(201, created.status(), created.body());
        String id = created.json().getString("id");
        ApiResponse moved = admin.patch("/api/webhooks/" + id, Json.createObjectBuilder().add("url", "http://127.0.0.1:9/").build());
        assertEquals(422, moved.status(), moved.body());
        assertEquals("https://93.184.215.14/hooks/docex", admin.get("/api/webhooks/" + id).json().getString("url"));
        // Later test classes share the database: no subscription to an address the tests cannot reach is left behind.
        assertEquals(204, admin.delete("/api/webhooks/" + id).status());
    }

    private static JsonObject subscription(String url) {
        return Json.createObjectBuilder().add("url", url).add("events", Json.createArrayBuilder().add("*")).build();
    }
}
