package org.docex.benchmark;

import java.util.Arrays;

/** Requests per second and latency percentiles of one load run. */
record LatencyStats(long requests, long errors, double seconds, double p50Millis, double p99Millis) {

    static LatencyStats of(long[] nanos, long errors, double seconds) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return new LatencyStats(sorted.length, errors, seconds, percentile(sorted, 0.50), percentile(sorted, 0.99));
    }

    double perSecond() {
        return requests / seconds;
    }

    private static double percentile(long[] sorted, double fraction) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int index = (int) Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
        return sorted[Math.max(0, index)] / 1_000_000.0;
    }

    @Override
    public String toString() {
        return String.format("%8.0f req/s  p50 %6.2f ms  p99 %6.2f ms  errors %d  (%d requests)",
                perSecond(), p50Millis, p99Millis, errors, requests);
    }
}
