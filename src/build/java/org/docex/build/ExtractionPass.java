package org.docex.build;

import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Clients upload every file and start a {@code generic} workflow for it, then poll until every
 * workflow has ended: what the build's training run asks of the service, and what the benchmark measures.
 */
public final class ExtractionPass {

    private ExtractionPass() {
    }

    /** The workflows a pass started, and how long it took from the first upload to the poll that found all ended. */
    public record Pass(List<String> workflows, double seconds) {
    }

    /** An extracted workflow of a list page: its id and its document's pages. */
    public record Extracted(String workflow, long pages) {
    }

    /** Uploads and starts every file on {@code clients} threads, then returns once no workflow is queued or running. */
    public static Pass run(DocexClient client, List<Path> files, int clients) throws Exception {
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<String>> started = new ArrayList<>();
        for (Path file : files) {
            started.add(pool.submit(() -> client.startWorkflow(file)));
        }
        List<String> workflows = new ArrayList<>();
        for (Future<String> each : started) {
            workflows.add(each.get());
        }
        pool.shutdown();
        awaitNoneWaitingOrRunning(client);
        return new Pass(workflows, (System.nanoTime() - start) / 1e9);
    }

    /**
     * Polls the cheap list totals (no results are read) until nothing is queued, then until
     * nothing runs: every workflow has been started by then, so none is queued again. While work
     * is queued, one request every 50 ms keeps what the poll costs the server small beside the
     * work it measures; once only the last runs are left (one per extraction thread, tens of
     * milliseconds), every 5 ms, so that the pass ends when they do and not up to 50 ms later
     * (about 1% of a pass of the generated corpus on a fast machine, counted against the service).
     */
    private static void awaitNoneWaitingOrRunning(DocexClient client) throws Exception {
        while (total(client, "queued") > 0) {
            Thread.sleep(50);
        }
        while (total(client, "running") > 0) {
            Thread.sleep(5);
        }
    }

    private static long total(DocexClient client, String status) throws Exception {
        return client.get("/api/extractions/workflows?limit=1&status=" + status).getJsonNumber("total").longValue();
    }

    /** Every extracted workflow, read from the list's summaries (no results), 200 a page. */
    public static List<Extracted> extracted(DocexClient client) throws Exception {
        List<Extracted> all = new ArrayList<>();
        for (int offset = 0; ; offset += 200) {
            JsonObject page = client.get("/api/extractions/workflows?limit=200&status=extracted&offset=" + offset);
            for (JsonObject workflow : page.getJsonArray("items").getValuesAs(JsonObject.class)) {
                all.add(new Extracted(workflow.getString("id"), workflow.getJsonObject("progress").getInt("pages_total")));
            }
            if (offset + 200 >= page.getJsonNumber("total").longValue()) {
                return all;
            }
        }
    }
}
