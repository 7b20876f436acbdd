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
import java.util.concurrent.atomic.AtomicBoolean;
import org.docex.testing.Accounts;
import org.docex.testing.Accounts.Account;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.DocexDeployment;
import org.docex.testing.Pdfs;
import org.docex.testing.SlowUpload;
import org.docex.testing.Uploads;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/**
 * Clients that hold the server's attention do not take it from everyone else: while 50 clients
 * send upload bodies at 10 bytes a second, and while 32 sign-ins are checked at once, other users'
 * reads are answered (each within 2 s; the request threads are few, so a single one held
 * by a slow client would show). The slow uploads are then cut off by the pace rule with 408.
 */
class BusyClientsIT extends BlackBoxTest {

    /** Short, so that the cut-off comes within the test: 1 KiB a second over each 4 s. */
    static final int WINDOW_SECONDS = 4;
    private static final Duration ANSWER_WITHIN = Duration.ofSeconds(2);

    @Deployment(testable = false)
    static WebArchive deployment() {
        return DocexDeployment.war("busy-clients",
                Accounts.settings(Map.of("docex.request-body-window-seconds", Integer.toString(WINDOW_SECONDS))));
    }

    @Test
    void slowUploadsHoldNoThreadAndAreCutOffWith408() throws Exception {
        Account reader = accounts().signedIn("analyst");
        String documentId = Uploads.uploaded(api().as(reader.token()), "read.pdf", Pdfs.text("Read while others upload"));
        ExecutorService senders = Executors.newFixedThreadPool(50);
        AtomicBoolean sending = new AtomicBoolean(true);
        try {
            List<Future<String>> answers = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                answers.add(senders.submit(() -> SlowUpload.send(url.getHost(), url.getPort(), reader.token(), sending::get,
                        Duration.ofSeconds(WINDOW_SECONDS * 3 + 10))));
            }
            Thread.sleep(1500);
            readsAreAnswered(api().as(reader.token()), documentId, 10);

            for (Future<String> answer : answers) {
                String response = answer.get(WINDOW_SECONDS * 3 + 15, TimeUnit.SECONDS);
                assertTrue(response.startsWith("HTTP/1.1 408"), response);
                assertTrue(response.contains("{\"detail\":\"The request body arrived too slowly"), response);
            }
            readsAreAnswered(api().as(reader.token()), documentId, 3);
        } finally {
            sending.set(false);
            senders.shutdownNow();
        }
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
