package org.docex.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.junit.jupiter.api.Test;

/** DOCEX_METRICS_PUBLIC=false: /metrics is no longer served to anyone who asks. */
@SharedServer(ServerGroup.STRICT)
class MetricsClosedIT extends BlackBoxTest {

    @Test
    void withoutATokenOrWithAnAnalystsTheMetricsAreRefused() {
        String analyst = accounts().signedIn("analyst").token();
        for (ApiResponse answer : java.util.List.of(api().get("/metrics"), api().as(analyst).get("/metrics"),
                api().get("/metrics/base"))) {
            assertTrue(answer.status() == 401 || answer.status() == 403, answer.toString());
            assertFalse(answer.body().contains("# TYPE"), "no metrics in " + answer);
        }
    }

    /** Open Liberty serves /metrics from a module of its own, closed by its server configuration, which no docex token opens. */
    @Test
    void anAdminTokenOpensThemWhereTheApplicationServesThem() {
        assumeTrue(System.getProperty("docex.it.url") == null, "Payara Micro serves /metrics inside the application");
        ApiResponse refused = api().get("/metrics");
        assertEquals(401, refused.status());
        assertEquals("Not authenticated", refused.detail());
        assertEquals("Bearer", refused.header("WWW-Authenticate").orElse(null));

        ApiResponse metrics = api().as(accounts().adminToken()).get("/metrics");

        assertEquals(200, metrics.status());
        assertTrue(metrics.body().contains("# TYPE"), "Prometheus text format");
    }
}
