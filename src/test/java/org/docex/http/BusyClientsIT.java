package org.docex.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntPredicate;
import org.docex.build.MultipartForm;
import org.docex.testing.Accounts.Account;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.Pdfs;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.docex.testing.Uploads;
import org.junit.jupiter.api.Test;

/**
 * Clients that hold the server's attention do not take it from everyone else: while 32 clients
 * sign in at once (retrying as {@code Retry-After} says when told to), or while 20 clients send
 * upload and JSON bodies at 10 bytes a second, or while 200 clients have begun a body and send no
 * more, or while 20 clients download a file without reading it, other users' reads are answered,
 * each within 2 s; the requests worked on at once are few, so sign-ins, bodies or downloads waiting
 * on all of them would show.
 */
@SharedServer(ServerGroup.GENERAL)
class BusyClientsIT extends BlackBoxTest {

    private static final Duration ANSWER_WITHIN = Duration.ofSeconds(2);
    private static final int SLOW_BODIES = 20;
    private static final int MAX_ARRIVING = 200;
    private static final String START_WORKFLOW = "/api/extractions/extract/workflow";
    private static final int SLOW_DOWNLOADS = 20;

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

    @Test
    void slowBodiesAreCutOffWhileReadsGoOn() throws Exception {
        Account reader = accounts().signedIn("analyst");
        String documentId = Uploads.uploaded(api().as(reader.token()), "read.pdf", Pdfs.text("Read during slow uploads"));
        ExecutorService slow = Executors.newFixedThreadPool(SLOW_BODIES);
        try {
            // Half send an upload, half a JSON body to an endpoint that is worked on with a permit.
            List<Future<String>> bodies = new ArrayList<>();
            for (int i = 0; i < SLOW_BODIES; i++) {
                bodies.add(slow.submit(i % 2 == 0 ? () -> trickleUpload(reader.token()) : () -> trickleJson(reader.token())));
            }
            Thread.sleep(1000);
            int reads = 0;
            while (!bodies.stream().allMatch(Future::isDone)) {
                readsAreAnswered(api().as(reader.token()), documentId, 1);
                reads++;
            }
            for (Future<String> body : bodies) {
                String answer = body.get();
                assertTrue(answer.startsWith("HTTP/1.1 408"), "a slow body's answer within 45 s: " + answer);
                assertTrue(answer.contains("\"detail\":\"The request body arrived too slowly: a request body must arrive at "
                        + "1024 bytes per second or faster"), answer);
            }
            assertTrue(reads >= 5, "only " + reads + " rounds of reads during the slow bodies");
        } finally {
            slow.shutdownNow();
        }
    }

    @Test
    void atMostTwoHundredBodiesArriveAtOnce() throws Exception {
        Account reader = accounts().signedIn("analyst");
        String documentId = Uploads.uploaded(api().as(reader.token()), "read.pdf", Pdfs.text("Read while bodies wait"));
        Api client = api().as(reader.token());
        int usual = startUnknownWorkflow(client).status();
        assertEquals(404, usual, "a workflow for a document that does not exist");
        List<Socket> arriving = new ArrayList<>();
        try {
            // Each sends its headers and the first byte of a 64-byte body, then nothing.
            for (int i = 0; i < MAX_ARRIVING; i++) {
                Socket socket = new Socket(url.getHost(), url.getPort());
                socket.getOutputStream().write(("POST " + START_WORKFLOW + " HTTP/1.1\r\nHost: " + url.getHost() + "\r\n"
                        + "Authorization: Bearer " + reader.token() + "\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 64\r\n\r\n{").getBytes(StandardCharsets.US_ASCII));
                socket.getOutputStream().flush();
                arriving.add(socket);
            }
            ApiResponse refused = awaitStatus(client, status -> status == 503);
            assertEquals(503, refused.status(), "the body past the 200 arriving: " + refused);
            assertEquals("Too many requests are sending a body, try again shortly", refused.json().getString("detail"));
            assertEquals("2", refused.header("Retry-After").orElse(null));
            readsAreAnswered(client, documentId, 3);
        } finally {
            for (Socket socket : arriving) {
                socket.close();
            }
        }
        // The abandoned bodies give their places back as their connections close.
        ApiResponse again = awaitStatus(client, status -> status != 503);
        assertEquals(usual, again.status(), again.toString());
    }

    @Test
    void anonymousBodiesCannotKeepUsersFromSigningIn() throws Exception {
        Account signingIn = accounts().create("reviewer");
        Account reader = accounts().signedIn("analyst");
        List<Socket> arriving = new ArrayList<>();
        try {
            // More than every place for bodies: each without a token sends its headers and the first byte of a
            // JSON body, then nothing (a body other than an upload is received whole before its request is worked on).
            for (int i = 0; i < MAX_ARRIVING + 10; i++) {
                Socket socket = new Socket(url.getHost(), url.getPort());
                socket.getOutputStream().write(("POST " + START_WORKFLOW + " HTTP/1.1\r\nHost: " + url.getHost() + "\r\n"
                        + "Content-Type: application/json\r\nContent-Length: 64000\r\n\r\n{")
                        .getBytes(StandardCharsets.US_ASCII));
                socket.getOutputStream().flush();
                arriving.add(socket);
            }
            Thread.sleep(2000);
            long start = System.nanoTime();
            ApiResponse login = Api.at(url).withOwnConnection().postForm("/api/users/login",
                    Map.of("username", signingIn.email(), "password", signingIn.password()));
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertEquals(200, login.status(), login.toString());
            assertTrue(took.compareTo(ANSWER_WITHIN) < 0, "signing in took " + took);
            assertEquals(404, startUnknownWorkflow(api().as(reader.token())).status(), "a signed-in user's body is taken");
            Socket first = arriving.get(0);
            first.setSoTimeout(10_000);
            String answer = new String(first.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
            assertEquals("HTTP/1.1 401", answer, "a body without a token is refused before it is read");
        } finally {
            for (Socket socket : arriving) {
                socket.close();
            }
        }
    }

    private static ApiResponse startUnknownWorkflow(Api client) {
        return client.post(START_WORKFLOW, Json.createObjectBuilder()
                .add("document_id", "00000000-0000-4000-8000-000000000000").build());
    }

    /** Starts a workflow for a document that does not exist until the answer's status is the one awaited, for at most 20 s. */
    private static ApiResponse awaitStatus(Api client, IntPredicate awaited) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        ApiResponse answer = startUnknownWorkflow(client);
        while (!awaited.test(answer.status()) && System.nanoTime() < deadline) {
            Thread.sleep(100);
            answer = startUnknownWorkflow(client);
        }
        return answer;
    }

    @Test
    void slowDownloadsHoldNoTurn() throws Exception {
        Account reader = accounts().signedIn("analyst");
        byte[] large = largePdf();
        String documentId = Uploads.uploaded(api().as(reader.token()), "large.pdf", large);
        List<Socket> downloads = new ArrayList<>();
        try {
            // Each asks for the file and reads nothing: with a small receive window the server's
            // write waits on the client after a few kilobytes.
            for (int i = 0; i < SLOW_DOWNLOADS; i++) {
                Socket socket = new Socket();
                socket.setReceiveBufferSize(1024);
                socket.connect(new java.net.InetSocketAddress(url.getHost(), url.getPort()));
                socket.getOutputStream().write(("GET /api/documents/" + documentId + "/content HTTP/1.1\r\nHost: "
                        + url.getHost() + "\r\nAuthorization: Bearer " + reader.token() + "\r\nConnection: close\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                socket.getOutputStream().flush();
                downloads.add(socket);
            }
            Thread.sleep(1000);
            readsAreAnswered(api().as(reader.token()), documentId, 5);
            // The downloads were only waiting: each one still delivers the whole file.
            Socket first = downloads.get(0);
            first.setSoTimeout(30_000);
            byte[] answer = first.getInputStream().readNBytes(large.length + 4096);
            String head = new String(answer, 0, Math.min(answer.length, 512), StandardCharsets.ISO_8859_1);
            assertTrue(head.startsWith("HTTP/1.1 200"), head);
            int bodyStart = head.indexOf("\r\n\r\n") + 4;
            assertEquals(large.length, answer.length - bodyStart, "bytes of the file after the headers");
        } finally {
            for (Socket socket : downloads) {
                socket.close();
            }
        }
    }

    /**
     * About 2.5 MB of PDF that does not compress away (within the 3 MiB upload limit the suite's
     * Open Liberty server has): more than the kernel and the server buffer for one slow reader.
     */
    private static byte[] largePdf() {
        java.util.Random random = new java.util.Random(42);
        String[][] pages = new String[300][];
        for (int p = 0; p < pages.length; p++) {
            pages[p] = new String[50];
            for (int l = 0; l < 50; l++) {
                byte[] bytes = new byte[160];
                random.nextBytes(bytes);
                pages[p][l] = java.util.HexFormat.of().formatHex(bytes);
            }
        }
        return Pdfs.withPages("Large", pages);
    }

    private String trickleUpload(String token) throws IOException {
        return trickle(token, "/api/documents/upload", "multipart/form-data; boundary=slowly",
                MultipartForm.filePart("slowly", "file", "slow.pdf", new byte[3000]));
    }

    private String trickleJson(String token) throws IOException {
        return trickle(token, START_WORKFLOW, "application/json", ("{\"document_id\": \"00000000-0000-4000-8000-000000000000\", "
                + "\"note\": \"" + "x".repeat(3000) + "\"}").getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * Sends a body of about 3 KiB at 10 bytes a second (it would take five minutes) and answers
     * what the server says, which must come within 45 s (after 10 s on Payara Micro; on Open
     * Liberty when its 32 s read timeout ends the read, see server.xml).
     */
    private String trickle(String token, String path, String contentType, byte[] body) throws IOException {
        try (Socket socket = new Socket(url.getHost(), url.getPort())) {
            socket.setSoTimeout(100);
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + path + " HTTP/1.1\r\nHost: " + url.getHost() + "\r\n"
                    + "Authorization: Bearer " + token + "\r\n"
                    + "Content-Type: " + contentType + "\r\n"
                    + "Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            byte[] buffer = new byte[4096];
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(45);
            for (int sent = 0; System.nanoTime() < deadline; ) {
                if (sent < body.length && answer.size() == 0) {
                    out.write(body[sent++]);
                    out.flush();
                }
                try {
                    int read = in.read(buffer);
                    if (read < 0) {
                        break;
                    }
                    answer.write(buffer, 0, read);
                    if (answer.toString(StandardCharsets.UTF_8).contains("}")) {
                        break;
                    }
                } catch (SocketTimeoutException e) {
                    // Nothing yet: the next byte goes out after this pause of 100 ms.
                }
            }
            return answer.toString(StandardCharsets.UTF_8);
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
