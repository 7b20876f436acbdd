package org.docex.benchmark;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.docex.extraction.GeneratedPdfs;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.SlowUpload;
import org.docex.testing.Uploads;

/**
 * Part 6: clients that hold the server's attention. One client reads {@code GET /api/users/me} and
 * {@code GET /api/documents/{id}} one request after the other, as a person's browser would, for
 * 20 s each time: alone, while 50 connections send upload bodies at 10 bytes a second (each sent
 * again when the server cuts it off), and while 32 clients sign in over and over (waiting as
 * {@code Retry-After} says when refused). Prints the
 * reads' p50, p99 and slowest, and how the busy clients were answered.
 */
final class BusyClients {

    private static final Duration WARM_UP = Duration.ofSeconds(10);
    private static final Duration MEASURED = Duration.ofSeconds(20);
    private static final int SLOW_UPLOADS = 50;
    private static final int SIGN_INS = 32;
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);

    private BusyClients() {
    }

    static void run(Api admin) throws Exception {
        Benchmark.print("%n6. Busy clients: GET /api/users/me and GET /api/documents/{id} from one client, one after the other,"
                + " %d s each (target p99 < 100 ms)", MEASURED.toSeconds());
        Accounts accounts = new Accounts(admin);
        Accounts.Account reader = accounts.signedIn("analyst");
        Accounts.Account signingIn = accounts.create("reviewer");
        Api api = admin.as(reader.token());
        String documentId = Uploads.uploaded(api, "read.pdf", GeneratedPdfs.invoice());
        List<String> paths = List.of("/api/users/me", "/api/documents/" + documentId);

        reads(api, paths, WARM_UP);
        report("alone", reads(api, paths, MEASURED), Map.of());

        URI base = admin.base();
        Map<String, AtomicLong> slowAnswers = new ConcurrentHashMap<>();
        report("while 50 slow uploads", during(SLOW_UPLOADS, going -> {
            String answer = SlowUpload.send(base.getHost(), base.getPort(), reader.token(), going::get, Duration.ofSeconds(60));
            String status = answer.startsWith("HTTP/1.1 ") ? answer.substring(9, 12) : "none";
            slowAnswers.computeIfAbsent(status, key -> new AtomicLong()).incrementAndGet();
        }, () -> reads(api, paths, MEASURED)), slowAnswers);

        Api signIns = admin.as(null);
        Map<String, AtomicLong> signInAnswers = new ConcurrentHashMap<>();
        report("while 32 clients sign in", during(SIGN_INS, going -> {
            ApiResponse answer = signIns.postForm("/api/users/login",
                    Map.of("username", signingIn.email(), "password", signingIn.password()));
            signInAnswers.computeIfAbsent(Integer.toString(answer.status()), key -> new AtomicLong()).incrementAndGet();
            if (answer.status() == 429) {
                Thread.sleep(1000 * Long.parseLong(answer.header("Retry-After").orElse("1")));
            }
        }, () -> reads(api, paths, MEASURED)), signInAnswers);
    }

    interface Client {
        void once(AtomicBoolean going) throws Exception;
    }

    interface Measurement {
        Map<String, long[]> run() throws Exception;
    }

    /** Runs {@code clients} copies of {@code client} over and over while the measurement runs. */
    private static Map<String, long[]> during(int clients, Client client, Measurement measurement) throws Exception {
        AtomicBoolean going = new AtomicBoolean(true);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        for (int i = 0; i < clients; i++) {
            pool.execute(() -> {
                while (going.get()) {
                    try {
                        client.once(going);
                    } catch (Exception e) {
                        if (going.get()) {
                            Benchmark.print("      a busy client failed: %s", e);
                        }
                    }
                }
            });
        }
        try {
            Thread.sleep(2_000);
            return measurement.run();
        } finally {
            going.set(false);
            pool.shutdown();
            if (!pool.awaitTermination(90, TimeUnit.SECONDS)) {
                pool.shutdownNow();
            }
        }
    }

    /** Latencies in nanoseconds by path; an answer other than 200 counts as an error, printed. */
    private static Map<String, long[]> reads(Api api, List<String> paths, Duration duration) {
        Map<String, List<Long>> latencies = new TreeMap<>();
        long end = System.nanoTime() + duration.toNanos();
        while (System.nanoTime() < end) {
            for (String path : paths) {
                long start = System.nanoTime();
                try {
                    ApiResponse answer = api.send(api.request(path).timeout(READ_TIMEOUT).GET());
                    if (answer.status() != 200) {
                        Benchmark.print("      %s answered %d", path, answer.status());
                    }
                } catch (RuntimeException e) {
                    // Counted with the time it was given up after: a read that gets no answer is the slowest of all.
                    Benchmark.print("      %s got no answer: %s", path, e.getCause() == null ? e : e.getCause());
                }
                long took = System.nanoTime() - start;
                latencies.computeIfAbsent(path.startsWith("/api/documents/") ? "/api/documents/{id}" : path,
                        key -> new ArrayList<>()).add(took);
            }
        }
        Map<String, long[]> result = new TreeMap<>();
        latencies.forEach((path, list) -> result.put(path, list.stream().mapToLong(Long::longValue).toArray()));
        return result;
    }

    private static void report(String phase, Map<String, long[]> byPath, Map<String, AtomicLong> answers) {
        Benchmark.print("   %s:%s", phase, answers.isEmpty() ? "" : "  (their answers by status: " + new TreeMap<>(answers) + ")");
        byPath.forEach((path, nanos) -> {
            long[] sorted = nanos.clone();
            java.util.Arrays.sort(sorted);
            LatencyStats stats = LatencyStats.of(sorted, 0, MEASURED.toSeconds());
            Benchmark.print("      %-22s %6d reads  p50 %6.2f ms  p99 %6.2f ms  slowest %7.1f ms", path, sorted.length,
                    stats.p50Millis(), stats.p99Millis(), sorted[sorted.length - 1] / 1e6);
        });
    }
}
