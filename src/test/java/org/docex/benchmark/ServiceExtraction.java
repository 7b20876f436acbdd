package org.docex.benchmark;

import static org.docex.SharedJsonProvider.JSON;

import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.docex.testing.Api;
import org.docex.testing.Uploads;

/**
 * The service: clients upload every file and start a {@code generic} workflow for it, then poll
 * until every workflow has ended. Pages per second from the first upload to the last result.
 */
final class ServiceExtraction {

    private ServiceExtraction() {
    }

    record Outcome(double pagesPerSecond, long pages, int extracted, int failed, double seconds) {
    }

    /** The workflows a pass started, and how long it took from the first upload to the poll that found all ended. */
    record Pass(List<String> workflows, double seconds) {
    }

    static Outcome run(Api api, Corpus corpus, int clients) throws Exception {
        return tally(api, extract(api, corpus, clients));
    }

    /** Uploads and starts every file, then returns once no workflow is queued or running. */
    static Pass extract(Api api, Corpus corpus, int clients) throws Exception {
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<String>> started = new ArrayList<>();
        for (Path file : corpus.files()) {
            started.add(pool.submit(() -> startWorkflow(api, file)));
        }
        List<String> workflows = new ArrayList<>();
        for (Future<String> each : started) {
            workflows.add(each.get());
        }
        pool.shutdown();
        awaitNoneWaitingOrRunning(api);
        return new Pass(workflows, (System.nanoTime() - start) / 1e9);
    }

    /** What the pass extracted, read from the workflows' summaries. */
    static Outcome tally(Api api, Pass pass) {
        long pages = 0;
        int extracted = 0;
        Set<String> ours = Set.copyOf(pass.workflows());
        for (JsonObject workflow : summaries(api, "extracted")) {
            if (ours.contains(workflow.getString("id"))) {
                extracted++;
                pages += workflow.getJsonObject("progress").getInt("pages_total");
            }
        }
        // To the poll that found every workflow ended: finished_at is in whole seconds, too coarse for a pass.
        double seconds = pass.seconds();
        return new Outcome(pages / seconds, pages, extracted, pass.workflows().size() - extracted, seconds);
    }

    /**
     * One client's upload and workflow start, through {@link HttpURLConnection}: with the JDK's
     * {@code HttpClient}, this JVM's C2 compiled throughout the measured passes (1.5-1.6 s of CPU
     * in three passes of the generated corpus, 0.19-0.21 ms per page on the cores the service
     * uses, against 0.08 for the clients' own threads), also with the clients warmed beforehand by
     * 20 passes against a stand-in and without passes of PDFBox alone between the service's.
     */
    private static String startWorkflow(Api api, Path file) throws Exception {
        String boundary = "docex-" + UUID.randomUUID();
        String document = post(api, "/api/documents/upload", "multipart/form-data; boundary=" + boundary,
                Uploads.multipart(boundary, "file", file.getFileName().toString(), Files.readAllBytes(file)), 201);
        byte[] start = JSON.createObjectBuilder().add("document_id", document).add("template", "generic").build()
                .toString().getBytes(StandardCharsets.UTF_8);
        return post(api, "/api/extractions/extract/workflow", "application/json", start, 202);
    }

    /** POSTs {@code body} and answers the {@code id} of the JSON answer; fails unless the status is {@code expected}. */
    private static String post(Api api, String path, String contentType, byte[] body, int expected) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) api.base().resolve(path).toURL().openConnection();
        connection.setRequestMethod("POST");
        connection.setDoOutput(true);
        connection.setFixedLengthStreamingMode(body.length);
        connection.setConnectTimeout(10_000);
        connection.setReadTimeout(60_000);
        connection.setRequestProperty("Authorization", "Bearer " + api.token());
        connection.setRequestProperty("Content-Type", contentType);
        try (OutputStream out = connection.getOutputStream()) {
            out.write(body);
        }
        int status = connection.getResponseCode();
        // Read to the end and closed, so that the connection is kept for the next request.
        byte[] answer;
        try (InputStream in = status < 400 ? connection.getInputStream() : connection.getErrorStream()) {
            answer = in == null ? new byte[0] : in.readAllBytes();
        }
        if (status != expected) {
            throw new IllegalStateException("POST " + path + " answered " + status + ": " + new String(answer, StandardCharsets.UTF_8));
        }
        try (JsonReader reader = JSON.createReader(new ByteArrayInputStream(answer))) {
            return reader.readObject().getString("id");
        }
    }

    /**
     * Polls the cheap list totals (no results are read) until nothing is queued, then until
     * nothing runs: every workflow has been started by then, so none is queued again. While work
     * is queued, one request every 50 ms keeps what the poll costs the server small beside the
     * work it measures; once only the last runs are left (one per extraction thread, tens of
     * milliseconds), every 5 ms, so that the pass ends when they do and not up to 50 ms later
     * (about 1% of a pass of the generated corpus on a fast machine, counted against the service).
     */
    private static void awaitNoneWaitingOrRunning(Api api) throws InterruptedException {
        while (total(api, "queued") > 0) {
            Thread.sleep(50);
        }
        while (total(api, "running") > 0) {
            Thread.sleep(5);
        }
    }

    private static int total(Api api, String status) {
        return api.get("/api/extractions/workflows?limit=1&status=" + status).json().getInt("total");
    }

    private static List<JsonObject> summaries(Api api, String status) {
        List<JsonObject> all = new ArrayList<>();
        for (int offset = 0; ; offset += 200) {
            JsonObject page = api.get("/api/extractions/workflows?limit=200&status=" + status + "&offset=" + offset).json();
            all.addAll(page.getJsonArray("items").getValuesAs(JsonObject.class));
            if (offset + 200 >= page.getInt("total")) {
                return all;
            }
        }
    }
}
