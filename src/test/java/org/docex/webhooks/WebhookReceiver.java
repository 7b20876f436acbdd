package org.docex.webhooks;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.function.Predicate;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A webhook receiver inside the tests (the JDK's HTTP server on loopback). It verifies every
 * request as the Standard Webhooks reference code does (the three headers, a timestamp within five
 * minutes, the HMAC-SHA256 over {@code id.timestamp.body} compared in constant time against each
 * {@code v1} signature) and keeps what it received; its answer to each request is the test's to choose.
 */
public final class WebhookReceiver implements AutoCloseable {

    private static final Duration TOLERANCE = Duration.ofMinutes(5);

    /** A request as received, whether its signature held with the secret the test gave, and when it came ({@link System#nanoTime()}). */
    public record Received(String webhookId, String timestamp, String signature, String contentType, String body, boolean verified,
                    String path, long arrivedNanos) {

        public JsonObject event() {
            return Json.createReader(new StringReader(body)).readObject();
        }

        public String type() {
            return event().getString("type");
        }
    }

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final java.util.Map<String, String> secrets = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile Function<Received, Integer> answer = request -> 200;
    private volatile Duration delay = Duration.ZERO;
    private final java.util.Map<String, Duration> delays = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile String retryAfter;

    public WebhookReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setExecutor(Executors.newFixedThreadPool(32));
        server.createContext("/", this::handle);
        server.start();
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** The secret the requests to {@code path} are signed with. */
    public void secret(String path, String secret) {
        secrets.put(path, secret);
    }

    public void answer(Function<Received, Integer> answer) {
        this.answer = answer;
    }

    public void delay(Duration delay) {
        this.delay = delay;
    }

    /** The {@code Retry-After} header of every 503 answer from now on (null: none). */
    public void retryAfter(String seconds) {
        this.retryAfter = seconds;
    }

    /** How long the answers to requests to {@code path} take (instead of the delay for all). */
    public void delay(String path, Duration delay) {
        delays.put(path, delay);
    }

    public List<Received> received() {
        return new ArrayList<>(received);
    }

    public List<Received> received(Predicate<Received> which) {
        return received.stream().filter(which).toList();
    }

    /** Waits until {@code count} requests match, or fails after {@code limit}. */
    public List<Received> await(Predicate<Received> which, int count, Duration limit) {
        Instant deadline = Instant.now().plus(limit);
        while (true) {
            List<Received> matching = received(which);
            if (matching.size() >= count) {
                return matching;
            }
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("Received " + matching.size() + " of " + count + " expected requests within "
                        + limit + "; all received: " + received.stream().map(Received::body).toList());
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange; InputStream in = exchange.getRequestBody()) {
            String body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            String id = exchange.getRequestHeaders().getFirst("webhook-id");
            String timestamp = exchange.getRequestHeaders().getFirst("webhook-timestamp");
            String signature = exchange.getRequestHeaders().getFirst("webhook-signature");
            Received request = new Received(id, timestamp, signature, exchange.getRequestHeaders().getFirst("Content-Type"),
                    body, verify(secrets.get(exchange.getRequestURI().getPath()), id, timestamp, signature, body),
                    exchange.getRequestURI().getPath(), System.nanoTime());
            received.add(request);
            Duration wait = delays.getOrDefault(request.path(), delay);
            if (!wait.isZero()) {
                Thread.sleep(wait.toMillis());
            }
            int status = answer.apply(request);
            byte[] reply = ("answer " + status).getBytes(StandardCharsets.UTF_8);
            String after = retryAfter;
            if (status == 503 && after != null) {
                exchange.getResponseHeaders().add("Retry-After", after);
            }
            exchange.sendResponseHeaders(status, reply.length);
            exchange.getResponseBody().write(reply);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean verify(String secret, String id, String timestamp, String signatures, String body) {
        if (secret == null || id == null || timestamp == null || signatures == null) {
            return false;
        }
        long seconds;
        try {
            seconds = Long.parseLong(timestamp);
        } catch (NumberFormatException e) {
            return false;
        }
        if (Duration.between(Instant.ofEpochSecond(seconds), Instant.now()).abs().compareTo(TOLERANCE) > 0) {
            return false;
        }
        byte[] expected;
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
            expected = mac.doFinal((id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
        for (String versioned : signatures.split(" ")) {
            String[] parts = versioned.split(",", 2);
            if (parts.length == 2 && parts[0].equals("v1")
                    && MessageDigest.isEqual(expected, Base64.getDecoder().decode(parts[1]))) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() {
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }
}
