package org.docex.benchmark;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The same latency run driven by {@code wrk} (Debian package {@code wrk}) when it is installed:
 * a load generator in C costs the two shared cores far less than a JVM client does.
 */
final class WrkLoad {

    private static final Pattern RATE = Pattern.compile("Requests/sec:\\s+([\\d.]+)");
    private static final Pattern PERCENTILE = Pattern.compile("\\s(50|99)%\\s+([\\d.]+)(us|ms|s)");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses:\\s+(\\d+)");
    private static final Pattern SOCKET_ERRORS = Pattern.compile("Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");

    private WrkLoad() {
    }

    static boolean available() {
        try {
            return new ProcessBuilder("wrk", "--version").redirectErrorStream(true).start().waitFor() >= 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    static Optional<LatencyStats> measure(URI url, String token, int connections, Duration duration) throws Exception {
        Process wrk = new ProcessBuilder(List.of("wrk", "-t2", "-c" + connections, "-d" + duration.toSeconds() + "s",
                "--latency", "-H", "Authorization: Bearer " + token, url.toString()))
                .redirectErrorStream(true).start();
        String output = new String(wrk.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        wrk.waitFor();
        Matcher rate = RATE.matcher(output);
        if (!rate.find()) {
            return Optional.empty();
        }
        double p50 = Double.NaN;
        double p99 = Double.NaN;
        Matcher percentile = PERCENTILE.matcher(output);
        while (percentile.find()) {
            double millis = toMillis(Double.parseDouble(percentile.group(2)), percentile.group(3));
            if (percentile.group(1).equals("50")) {
                p50 = millis;
            } else {
                p99 = millis;
            }
        }
        double seconds = duration.toMillis() / 1000.0;
        return Optional.of(new LatencyStats(Math.round(Double.parseDouble(rate.group(1)) * seconds), errors(output), seconds,
                p50, p99));
    }

    private static long errors(String output) {
        long errors = 0;
        Matcher non2xx = NON_2XX.matcher(output);
        if (non2xx.find()) {
            errors += Long.parseLong(non2xx.group(1));
        }
        Matcher socket = SOCKET_ERRORS.matcher(output);
        if (socket.find()) {
            for (int group = 1; group <= 4; group++) {
                errors += Long.parseLong(socket.group(group));
            }
        }
        return errors;
    }

    private static double toMillis(double value, String unit) {
        return switch (unit) {
            case "us" -> value / 1000;
            case "s" -> value * 1000;
            default -> value;
        };
    }
}
