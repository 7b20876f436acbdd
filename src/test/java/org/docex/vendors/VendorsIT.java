package org.docex.vendors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.docex.extraction.WorkflowPolling;
import org.docex.extraction.control.realworld.RealWorldSet;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.docex.testing.Uploads;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The vendor memory over HTTP, with real invoices of two vendors (the development set's printed
 * pages): a committed review teaches docex the vendor's invoices, the next one of the same vendor
 * is read with what it learned, another vendor's is not, and what was learned can be forgotten.
 */
@SharedServer(ServerGroup.GENERAL)
class VendorsIT extends BlackBoxTest {

    private static final Duration LIMIT = Duration.ofSeconds(120);
    /**
     * Two invoices of one vendor (MVM Musterhafter Versicherungsverein, DE234567891) and one of another
     * (MUSTER-Autovermietung, DE136695976): vendors no other test commits, so that on a server the
     * black-box classes share, what they learn stays theirs.
     */
    private static final String FIRST = "pdf/en16931-zugferd_2p0_EN16931_Haftpflichtversicherung_Versicherungssteuer.pdf";
    private static final String SECOND = "pdf/en16931-zugferd_2p0_EN16931_Sachversicherung_berechneter_Steuersatz.pdf";
    private static final String OTHER = "pdf/en16931-zugferd_2p0_EN16931_Miete.pdf";
    private static final List<String> TEMPLATE_FIELDS = List.of("invoice_number", "invoice_date", "due_date",
            "total_amount", "subtotal_amount", "tax_amount", "currency", "vendor_name", "vendor_vat_id", "buyer_name");
    private static final Map<String, Accounts.Account> USERS = new ConcurrentHashMap<>();
    private static final Map<String, RealWorldSet.Invoice> INVOICES = new HashMap<>();

    @TempDir
    static Path dir;

    @BeforeAll
    static void invoices() {
        assumeTrue(RealWorldSet.available(), "the development set of real invoices is not there");
        for (RealWorldSet.Invoice invoice : RealWorldSet.hybridPdfs()) {
            INVOICES.put("pdf/" + invoice.id(), invoice);
        }
    }

    @Test
    void aCommittedReviewTeachesTheVendorsNextInvoiceAndNoOtherVendors() throws Exception {
        Api reviewer = as("reviewer");
        String firstDocument = upload(reviewer, FIRST);
        String first = extracted(reviewer, firstDocument);
        assertTrue(learned(WorkflowPolling.get(reviewer, first)).isEmpty(), "nothing is learned before a review");
        commit(reviewer, first, truth(FIRST));

        JsonObject vendor = awaitVendor(reviewer, "DE234567891", 1);
        assertEquals("MVM Musterhafter Versicherungsverein Musterstadt a.G.", vendor.getString("name"));
        assertEquals("DE234567891", vendor.getJsonObject("identifiers").getString("vat_id"));
        JsonObject detail = reviewer.get("/api/vendors/" + vendor.getString("id")).json();
        Map<String, JsonObject> rules = new HashMap<>();
        detail.getJsonArray("rules").getValuesAs(JsonObject.class).forEach(rule -> rules.put(rule.getString("field"), rule));
        assertTrue(rules.keySet().containsAll(List.of("invoice_number", "invoice_date", "total_amount")), rules.toString());
        assertEquals(first, rules.get("invoice_number").getString("learned_from_workflow"));
        assertEquals(rules.size(), detail.getInt("learned_fields"));

        String second = extracted(reviewer, upload(reviewer, SECOND));
        Map<String, JsonObject> read = learned(WorkflowPolling.get(reviewer, second));
        Map<String, String> expected = truth(SECOND);
        for (String field : List.of("invoice_number", "invoice_date", "total_amount")) {
            JsonObject field0 = read.get(field);
            assertTrue(field0 != null, field + " is read with the learned rule: " + read);
            assertEquals(first, field0.getString("learned_from"), field);
            assertEquals(expected.get(field), field0.getString("value"), field);
            assertTrue(field0.getJsonNumber("confidence").doubleValue() > 0.5, field);
        }
        read.forEach((field, value) -> {
            if (expected.containsKey(field)) {
                assertEquals(expected.get(field), value.getString("value"), field);
            }
        });

        String other = extracted(reviewer, upload(reviewer, OTHER));
        assertEquals(Map.of(), learned(WorkflowPolling.get(reviewer, other)), "another vendor's invoice learns nothing from this one");

        // Deleting the only document the vendor was learned from (committed: an admin forces it) leaves nothing of it.
        assertEquals(204, as("admin").delete("/api/documents/" + firstDocument + "?force=true").status());
        Instant until = Instant.now().plus(Duration.ofSeconds(30));
        int status;
        do {
            WorkflowPolling.pause(Duration.ofMillis(500));
            status = reviewer.get("/api/vendors/" + vendor.getString("id")).status();
        } while (status != 404 && Instant.now().isBefore(until));
        assertEquals(404, status, "a vendor without documents is forgotten");
    }

    @Test
    void reviewersForgetARuleOrAVendorAnalystsMayNot() throws Exception {
        Api reviewer = as("reviewer");
        String workflow = extracted(reviewer, upload(reviewer, OTHER));
        commit(reviewer, workflow, truth(OTHER));
        JsonObject vendor = awaitVendor(reviewer, "DE136695976", 1);
        String path = "/api/vendors/" + vendor.getString("id");

        Api analyst = as("analyst");
        assertEquals(200, analyst.get(path).status(), "analysts read the memory");
        assertEquals(403, analyst.delete(path + "/rules/invoice_number").status());
        assertEquals(403, analyst.delete(path).status());

        assertEquals(204, reviewer.delete(path + "/rules/invoice_number").status());
        assertEquals(404, reviewer.delete(path + "/rules/invoice_number").status(), "already forgotten");
        assertFalse(reviewer.get(path).json().getJsonArray("rules").stream()
                .anyMatch(rule -> rule.asJsonObject().getString("field").equals("invoice_number")));
        ApiResponse found = reviewer.get("/api/vendors?q=autovermietung");
        assertEquals(1, found.json().getInt("total"), found.body());
        assertEquals(422, reviewer.get("/api/vendors?q=" + "x".repeat(201)).status());

        assertEquals(204, as("admin").delete(path).status());
        assertEquals(404, reviewer.get(path).status());
        assertEquals(404, reviewer.get("/api/vendors/not-a-vendor").status());
        String again = extracted(reviewer, upload(reviewer, OTHER));
        assertEquals(Map.of(), learned(WorkflowPolling.get(reviewer, again)), "a forgotten vendor's rules read nothing");
    }

    private String upload(Api api, String file) throws Exception {
        Path printed = RealWorldSet.printedOnly(RealWorldSet.DIRECTORY.resolve(file), Files.createTempDirectory(dir, "print"));
        return Uploads.uploaded(api, printed.getFileName().toString(), Files.readAllBytes(printed));
    }

    private static String extracted(Api api, String document) {
        ApiResponse started = WorkflowPolling.start(api, WorkflowPolling.request(document).add("template", "invoice"));
        assertEquals(202, started.status(), started.body());
        String id = started.json().getString("id");
        assertEquals("extracted", WorkflowPolling.awaitEnd(api, id, LIMIT).getString("status"), id);
        return id;
    }

    /** The reviewer commits the invoice's true values (what its XML says) for the template's fields. */
    private static void commit(Api api, String workflow, Map<String, String> values) {
        JsonObjectBuilder fields = Json.createObjectBuilder();
        values.forEach(fields::add);
        ApiResponse answer = api.post("/api/extractions/workflow/" + workflow + "/review",
                Json.createObjectBuilder().add("action", "commit").add("fields", fields).build());
        assertEquals(200, answer.status(), answer.body());
    }

    private static Map<String, String> truth(String file) {
        Map<String, String> values = new HashMap<>();
        INVOICES.get(file).expected().forEach((field, value) -> {
            if (TEMPLATE_FIELDS.contains(field)) {
                values.put(field, value);
            }
        });
        return values;
    }

    /** The learned fields of a workflow's result, by name. */
    private static Map<String, JsonObject> learned(JsonObject workflow) {
        Map<String, JsonObject> learned = new HashMap<>();
        if (workflow.get("result") == null || workflow.get("result").getValueType() == JsonValue.ValueType.NULL) {
            return learned;
        }
        for (JsonObject field : workflow.getJsonObject("result").getJsonArray("fields").getValuesAs(JsonObject.class)) {
            if ("learned".equals(field.getString("source", ""))) {
                learned.put(field.getString("name"), field);
            }
        }
        return learned;
    }

    /** Learning runs after the commit: the vendor with {@code vatId} once it counts {@code documents}. */
    private static JsonObject awaitVendor(Api api, String vatId, int documents) {
        Instant until = Instant.now().plus(Duration.ofSeconds(30));
        while (true) {
            Optional<JsonObject> vendor = api.get("/api/vendors?q=" + vatId).json().getJsonArray("items")
                    .getValuesAs(JsonObject.class).stream().findFirst();
            if (vendor.isPresent() && vendor.get().getInt("documents_committed") >= documents) {
                return vendor.get();
            }
            assertTrue(Instant.now().isBefore(until), "no vendor " + vatId + " learned from " + documents + " document(s)");
            WorkflowPolling.pause(Duration.ofMillis(300));
        }
    }

    private Api as(String role) {
        if (role.equals("admin")) {
            return api().as(accounts().adminToken());
        }
        return api().as(USERS.computeIfAbsent(role, r -> accounts().signedIn(r)).token());
    }
}
