package org.docex.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.docex.testing.Accounts;
import org.docex.testing.Accounts.Account;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.DocexDeployment;
import org.docex.testing.Pdfs;
import org.docex.testing.Uploads;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/**
 * Clients that hold the server's attention do not take it from everyone else: while 32 sign-ins
 * are checked at once, other users' reads are answered, each within 2 s (the request threads are
 * few, so a single one held by a waiting sign-in would show).
 */
class BusyClientsIT extends BlackBoxTest {

    private static final Duration ANSWER_WITHIN = Duration.ofSeconds(2);

    @Deployment(testable = false)
    static WebArchive deployment() {
        return DocexDeployment.war("busy-clients", Accounts.settings());
    }

    @Test
    void aBurstOfSignInsHoldsNoThread() throws Exception {
        Account reader = accounts().signedIn("analyst");
        Account signingIn = accounts().create("reviewer");
        String documentId = Uploads.uploaded(api().as(reader.token()), "read.pdf", Pdfs.text("Read during sign-ins"));
        ExecutorService burst = Executors.newFixedThreadPool(32);
        try {
            List<Future<ApiResponse>> logins = new ArrayList<>();
            for (int i = 0; i < 32; i++) {
                logins.add(burst.submit(() -> Api.at(url).withOwnConnection().postForm("/api/users/login",
                        Map.of("username", signingIn.email(), "password", signingIn.password()))));
            }
            Thread.sleep(500);
            readsAreAnswered(api().as(reader.token()), documentId, 10);
            int signedIn = 0;
            for (Future<ApiResponse> login : logins) {
                ApiResponse answer = login.get(120, TimeUnit.SECONDS);
                assertTrue(answer.status() == 200 || answer.status() == 429, answer.toString());
                if (answer.status() == 200) {
                    signedIn++;
                    assertEquals("bearer", answer.json().getString("token_type"));
                } else {
                    assertTrue(answer.header("Retry-After").isPresent(), "429 without Retry-After");
                }
            }
            assertTrue(signedIn >= 16, "only " + signedIn + " of 32 sign-ins went through");
        } finally {
            burst.shutdownNow();
        }
    }

    /** Reads one after the other, each answered 200 within {@link #ANSWER_WITHIN}. */
    private static void readsAreAnswered(Api api, String documentId, int times) {
        for (int i = 0; i < times; i++) {
            for (String path : List.of("/api/users/me", "/api/documents/" + documentId)) {
                ApiResponse answer = api.send(api.request(path).timeout(ANSWER_WITHIN).GET());
                assertEquals(200, answer.status(), path + ": " + answer);
            }
        }
    }
}
