package org.docex.benchmark;

import static org.docex.SharedJsonProvider.JSON;

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

    private static String startWorkflow(Api api, Path file) throws Exception {
        ApiResponse uploaded = Uploads.upload(api, file.getFileName().toString(), Files.readAllBytes(file));
        if (uploaded.status() != 201) {
            throw new IllegalStateException("Upload of " + file + " refused: " + uploaded);
        }
        ApiResponse started = api.post("/api/extractions/extract/workflow", JSON.createObjectBuilder()
                .add("document_id", uploaded.json().getString("id")).add("template", "generic").build());
        if (started.status() != 202) {
            throw new IllegalStateException("Workflow for " + file + " refused: " + started);
        }
        return started.json().getString("id");
    }

    /**
     * Polls the cheap list totals (no results are read) until nothing is queued, then until
     * nothing runs: every workflow has been started by then, so none is queued again. One request
     * every 50 ms keeps what the poll costs the server small beside the work it measures.
     */
    private static void awaitNoneWaitingOrRunning(Api api) throws InterruptedException {
        for (String status : List.of("queued", "running")) {
            while (total(api, status) > 0) {
                Thread.sleep(50);
            }
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
