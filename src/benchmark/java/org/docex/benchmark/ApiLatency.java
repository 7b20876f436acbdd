package org.docex.benchmark;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.docex.testing.Api;

/** {@code connections} clients each sending one request after another for a fixed time. */
final class ApiLatency {

    private ApiLatency() {
    }

    static LatencyStats measure(Api api, String path, int connections, Duration duration) throws Exception {
        warmUp(api, path);
        ExecutorService pool = Executors.newFixedThreadPool(connections);
        AtomicLong errors = new AtomicLong();
        long end = System.nanoTime() + duration.toNanos();
        List<Future<long[]>> clients = new ArrayList<>();
        for (int i = 0; i < connections; i++) {
            clients.add(pool.submit(() -> client(api, path, end, errors)));
        }
        List<Long> all = new ArrayList<>();
        for (Future<long[]> client : clients) {
            for (long nanos : client.get()) {
                all.add(nanos);
            }
        }
        pool.shutdown();
        return LatencyStats.of(all.stream().mapToLong(Long::longValue).toArray(), errors.get(), duration.toMillis() / 1000.0);
    }

    private static long[] client(Api api, String path, long end, AtomicLong errors) {
        Api own = api.withOwnConnection();
        List<Long> nanos = new ArrayList<>();
        while (System.nanoTime() < end) {
            long start = System.nanoTime();
            try {
                if (own.get(path).status() != 200) {
                    errors.incrementAndGet();
                }
            } catch (RuntimeException e) {
                errors.incrementAndGet();
            }
            nanos.add(System.nanoTime() - start);
        }
        return nanos.stream().mapToLong(Long::longValue).toArray();
    }

    private static void warmUp(Api api, String path) {
        for (int i = 0; i < 200; i++) {
            api.get(path);
        }
    }
}
