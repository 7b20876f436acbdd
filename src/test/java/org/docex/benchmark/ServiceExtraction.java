package org.docex.benchmark;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.Uploads;

/**
 * The service: clients upload every file and start a {@code generic} workflow for it, then poll
 * until every workflow has ended. Pages per second from the first upload to the last result.
 */
final class ServiceExtraction {

    private static final Set<String> ENDED = Set.of("extracted", "failed");

    private ServiceExtraction() {
    }

    record Outcome(double pagesPerSecond, long pages, int extracted, int failed, double seconds) {
    }

    static Outcome run(Api api, Corpus corpus, int clients) throws Exception {
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
        long pages = 0;
        int extracted = 0;
        int failed = 0;
        for (String id : workflows) {
            JsonObject workflow = awaitEnd(api, id);
            if ("extracted".equals(workflow.getString("status"))) {
                extracted++;
                pages += workflow.getJsonObject("progress").getInt("pages_total");
            } else {
                failed++;
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Outcome(pages / seconds, pages, extracted, failed, seconds);
    }

    private static String startWorkflow(Api api, Path file) throws Exception {
        ApiResponse uploaded = Uploads.upload(api, file.getFileName().toString(), Files.readAllBytes(file));
        if (uploaded.status() != 201) {
            throw new IllegalStateException("Upload of " + file + " refused: " + uploaded);
        }
        ApiResponse started = api.post("/api/extractions/extract/workflow", Json.createObjectBuilder()
                .add("document_id", uploaded.json().getString("id")).add("template", "generic").build());
        if (started.status() != 202) {
            throw new IllegalStateException("Workflow for " + file + " refused: " + started);
        }
        return started.json().getString("id");
    }

    private static JsonObject awaitEnd(Api api, String id) throws InterruptedException {
        while (true) {
            JsonObject workflow = api.get("/api/extractions/workflow/" + id).json();
            if (ENDED.contains(workflow.getString("status"))) {
                return workflow;
            }
            Thread.sleep(50);
        }
    }
}
