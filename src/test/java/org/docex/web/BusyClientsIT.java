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
 * Clients that hold the server's attention do not take it from everyone else: while 32 clients
 * sign in at once (retrying as {@code Retry-After} says when told to), other users' reads are
 * answered, each within 2 s; the request threads are few, so sign-ins waiting on all of them
 * would show.
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
            List<Future<Integer>> logins = new ArrayList<>();
            for (int i = 0; i < 32; i++) {
                logins.add(burst.submit(() -> signInRetrying(signingIn)));
            }
            Thread.sleep(500);
            int reads = 0;
            while (!logins.stream().allMatch(Future::isDone)) {
                readsAreAnswered(api().as(reader.token()), documentId, 1);
                reads++;
            }
            int refusals = 0;
            for (Future<Integer> login : logins) {
                refusals += login.get();
            }
            assertTrue(reads >= 5, "only " + reads + " rounds of reads during the sign-ins");
            assertTrue(refusals > 0, "32 sign-ins at once were never told to come back: the check is not bounded");
        } finally {
            burst.shutdownNow();
        }
    }

    /**
     * Signs in as a careful client does: on 429 it waits as {@code Retry-After} says and tries
     * again. Every sign-in must go through within two minutes; answers the number of refusals.
     */
    private Integer signInRetrying(Account account) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        int refusals = 0;
        while (System.nanoTime() < deadline) {
            ApiResponse answer = Api.at(url).withOwnConnection().postForm("/api/users/login",
                    Map.of("username", account.email(), "password", account.password()));
            if (answer.status() == 200) {
                assertEquals("bearer", answer.json().getString("token_type"));
                return refusals;
            }
            assertEquals(429, answer.status(), answer.toString());
            String retryAfter = answer.header("Retry-After").orElseThrow(() -> new AssertionError("429 without Retry-After"));
            refusals++;
            Thread.sleep(Duration.ofSeconds(Long.parseLong(retryAfter)).toMillis());
        }
        throw new AssertionError("a sign-in did not go through within two minutes");
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
