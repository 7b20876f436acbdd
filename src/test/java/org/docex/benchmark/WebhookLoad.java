package org.docex.benchmark;

import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.docex.extraction.GeneratedPdfs;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.Uploads;

/**
 * Webhook deliveries under way do not slow the API: {@code GET /api/documents/{id}} at 16 connections,
 * measured without webhooks, then while 2,000 events go to a receiver that answers each in 200 ms.
 */
final class WebhookLoad {

    private static final int EVENTS = 2_000;
    private static final int SUBSCRIPTIONS = 4;
    private static final Duration ANSWER_TIME = Duration.ofMillis(200);
    private static final Duration MEASURED = Duration.ofSeconds(20);

    private WebhookLoad() {
    }

    static void run(Api api) throws Exception {
        Benchmark.print("%n5. Webhooks: GET /api/documents/{id} at 16 connections, without webhooks and while %,d events"
                + " go to a receiver answering in %d ms (%d subscriptions)", EVENTS, ANSWER_TIME.toMillis(), SUBSCRIPTIONS);
        String path = "/api/documents/" + Uploads.uploaded(api, "invoice.pdf", GeneratedPdfs.invoice());
        // Unmeasured: the JIT compiles the read path first.
        ApiLatency.measure(api, path, 16, Duration.ofSeconds(30));
        LatencyStats without = ApiLatency.measure(api, path, 16, MEASURED);
        Benchmark.print("   without webhooks:       %s", without);

        AtomicInteger received = new AtomicInteger();
        HttpServer receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
        receiver.setExecutor(Executors.newFixedThreadPool(64));
        receiver.createContext("/", exchange -> {
            try (exchange; InputStream body = exchange.getRequestBody()) {
                body.readAllBytes();
                Thread.sleep(ANSWER_TIME.toMillis());
                received.incrementAndGet();
                exchange.sendResponseHeaders(204, -1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        receiver.start();
        try {
            List<String> subscriptions = new ArrayList<>();
            for (int i = 0; i < SUBSCRIPTIONS; i++) {
                ApiResponse created = api.post("/api/webhooks", Json.createObjectBuilder()
                        .add("url", "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook-" + i)
                        .add("events", Json.createArrayBuilder().add("document.deleted")).build());
                if (created.status() != 201) {
                    Benchmark.print("   could not subscribe: %s", created);
                    return;
                }
                subscriptions.add(created.json().getString("id"));
            }
            long queueing = System.nanoTime();
            queue(api, subscriptions);
            double queuedIn = (System.nanoTime() - queueing) / 1e9;
            int before = received.get();
            LatencyStats with = ApiLatency.measure(api, path, 16, MEASURED);
            int during = received.get() - before;
            Benchmark.print("   while delivering:       %s  (%d events delivered in the window; %,d queued in %.1f s)",
                    with, during, EVENTS, queuedIn);
            long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
            while (received.get() < EVENTS && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            double allIn = (System.nanoTime() - queueing) / 1e9;
            Benchmark.print("   all %,d delivered %.0f s after the first was queued (%d received)", EVENTS, allIn, received.get());
            LatencyStats after = ApiLatency.measure(api, path, 16, MEASURED);
            Benchmark.print("   without, afterwards:    %s", after);
            Benchmark.print("   p99 while delivering / without: %.2f before, %.2f afterwards  (target <= 1.20)",
                    with.p99Millis() / without.p99Millis(), with.p99Millis() / after.p99Millis());
        } finally {
            receiver.stop(0);
            ((ExecutorService) receiver.getExecutor()).shutdownNow();
        }
    }

    // The test event goes through the outbox as any event does; four clients queue them.
    private static void queue(Api api, List<String> subscriptions) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(4);
        List<Future<Integer>> refused = new ArrayList<>();
        for (int client = 0; client < 4; client++) {
            int first = client;
            refused.add(clients.submit(() -> {
                Api own = api.withOwnConnection();
                int failures = 0;
                for (int i = first; i < EVENTS; i += 4) {
                    if (own.post("/api/webhooks/" + subscriptions.get(i % subscriptions.size()) + "/test",
                            Json.createObjectBuilder().build()).status() != 202) {
                        failures++;
                    }
                }
                return failures;
            }));
        }
        int failures = 0;
        for (Future<Integer> each : refused) {
            failures += each.get();
        }
        clients.shutdown();
        if (failures > 0) {
            Benchmark.print("   %d of the %,d test events were refused", failures, EVENTS);
        }
    }
}
