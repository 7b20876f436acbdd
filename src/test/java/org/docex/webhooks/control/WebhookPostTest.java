package org.docex.webhooks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A webhook request goes to an address the SSRF check saw, named by its host, and never through a proxy. */
class WebhookPostTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final byte[] EVENT = "{\"type\":\"test\"}".getBytes(StandardCharsets.UTF_8);

    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final List<ServerSocket> servers = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() throws IOException {
        for (ServerSocket server : servers) {
            server.close();
        }
    }

    @Test
    void theAddressCheckedIsTheAddressConnectedToThoughTheNameLaterResolvesElsewhere() throws Exception {
        int port = receiver("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
        InetAddress checked = InetAddress.getByAddress("hooks.example.test", new byte[] {(byte) 203, 0, 113, 10});
        AtomicInteger lookups = new AtomicInteger();
        // A rebinding name: public when the check asks, loopback on every later lookup.
        WebhookUrls.HostResolver rebinding = host -> lookups.incrementAndGet() == 1
                ? new InetAddress[] {checked} : new InetAddress[] {InetAddress.getLoopbackAddress()};
        List<InetSocketAddress> connected = new CopyOnWriteArrayList<>();
        // The checked public address stands for a receiver on this machine: no connection leaves it.
        WebhookPost.Connector connector = (address, timeoutMillis) -> {
            connected.add(address);
            if (!address.getAddress().equals(checked)) {
                throw new ConnectException("not the checked address: " + address);
            }
            return WebhookPost.DIRECT.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), timeoutMillis);
        };

        Outcome outcome = new WebhookPost(rebinding, connector, 1024).deliver(
                URI.create("http://hooks.example.test:" + port + "/in?x=1"), false, Map.of("webhook-id", "e1"), EVENT,
                TIMEOUT, Clock.systemUTC());

        assertEquals(Outcome.Kind.DELIVERED, outcome.kind(), outcome.toString());
        assertEquals("ok", outcome.response());
        assertEquals(1, lookups.get(), "the name is resolved once");
        assertEquals(List.of(new InetSocketAddress(checked, port)), connected);
        String request = requests.get(0);
        assertTrue(request.startsWith("POST /in?x=1 HTTP/1.1\r\n"), request);
        assertTrue(request.contains("\r\nHost: hooks.example.test:" + port + "\r\n"), request);
        assertTrue(request.contains("\r\nwebhook-id: e1\r\n"), request);
        assertTrue(request.endsWith("\r\n\r\n{\"type\":\"test\"}"), request);
    }

    @Test
    void aNameThatResolvesToAPrivateAddressIsNotConnectedTo() {
        List<InetSocketAddress> connected = new CopyOnWriteArrayList<>();
        Outcome outcome = new WebhookPost(host -> new InetAddress[] {InetAddress.getLoopbackAddress()},
                (address, timeoutMillis) -> {
                    connected.add(address);
                    throw new ConnectException("never");
                }, 1024).deliver(URI.create("http://rebound.example.test/"), false, Map.of(), EVENT, TIMEOUT,
                Clock.systemUTC());

        assertEquals(Outcome.Kind.FAILED, outcome.kind());
        assertTrue(outcome.error().contains("resolves to a loopback, private"), outcome.error());
        assertEquals(List.of(), connected);
    }

    @Test
    void theSystemProxyIsNeverUsed() throws Exception {
        int port = receiver("HTTP/1.1 204 No Content\r\n\r\n");
        int proxyPort = receiver("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nproxy");
        ProxySelector before = ProxySelector.getDefault();
        ProxySelector.setDefault(ProxySelector.of(new InetSocketAddress(InetAddress.getLoopbackAddress(), proxyPort)));
        System.setProperty("http.proxyHost", "127.0.0.1");
        System.setProperty("http.proxyPort", Integer.toString(proxyPort));
        System.setProperty("http.nonProxyHosts", "");
        try {
            Outcome outcome = new WebhookPost(InetAddress::getAllByName, WebhookPost.DIRECT, 1024).deliver(
                    URI.create("http://127.0.0.1:" + port + "/hook"), true, Map.of(), EVENT, TIMEOUT, Clock.systemUTC());

            assertEquals(Outcome.Kind.DELIVERED, outcome.kind(), outcome.toString());
            assertEquals(204, outcome.statusCode());
            assertEquals(1, requests.size(), "one request, at the receiver");
            assertTrue(requests.get(0).startsWith("POST /hook HTTP/1.1\r\n"), "sent to the receiver, not as a proxy request");
        } finally {
            ProxySelector.setDefault(before);
            System.clearProperty("http.proxyHost");
            System.clearProperty("http.proxyPort");
            System.clearProperty("http.nonProxyHosts");
        }
    }

    @Test
    void anAnswerAfterAnInformationalOneIsReadWithItsRetryAfterAndTheFirstBytesOfAChunkedBody() throws Exception {
        int port = receiver("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 503 Service Unavailable\r\nRetry-After: 7\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6;x=y\r\n world\r\n0\r\n\r\n");
        Outcome outcome = new WebhookPost(InetAddress::getAllByName, WebhookPost.DIRECT, 8).deliver(
                URI.create("http://127.0.0.1:" + port + "/"), true, Map.of(), EVENT, TIMEOUT, Clock.systemUTC());

        assertEquals(Outcome.Kind.RETRY, outcome.kind());
        assertEquals(503, outcome.statusCode());
        assertEquals("hello wo", outcome.response(), "the first 8 bytes of the body");
        assertEquals(Duration.ofSeconds(7), outcome.retryAfter());
    }

    @Test
    void aReceiverThatDoesNotAnswerIsCutOffAtTheTimeout() throws Exception {
        ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        servers.add(silent);
        long start = System.nanoTime();
        Outcome outcome = new WebhookPost(InetAddress::getAllByName, WebhookPost.DIRECT, 1024).deliver(
                URI.create("http://127.0.0.1:" + silent.getLocalPort() + "/"), true, Map.of(), EVENT,
                Duration.ofMillis(500), Clock.systemUTC());

        assertEquals(Outcome.Kind.RETRY, outcome.kind());
        assertEquals("No answer within 0.5 s", outcome.error());
        assertTrue(Duration.ofNanos(System.nanoTime() - start).compareTo(Duration.ofSeconds(3)) < 0);
    }

    /** Answers every connection with {@code answer} once it has read the request; records each request. */
    private int receiver(String answer) throws IOException {
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        servers.add(server);
        Thread thread = new Thread(() -> {
            while (!server.isClosed()) {
                try (Socket socket = server.accept()) {
                    requests.add(readRequest(socket.getInputStream()));
                    socket.getOutputStream().write(answer.getBytes(StandardCharsets.ISO_8859_1));
                    socket.getOutputStream().flush();
                } catch (IOException closed) {
                    return;
                }
            }
        });
        thread.setDaemon(true);
        thread.start();
        return server.getLocalPort();
    }

    private static String readRequest(InputStream in) throws IOException {
        ByteArrayOutputStream request = new ByteArrayOutputStream();
        int length = -1;
        while (true) {
            int c = in.read();
            if (c < 0) {
                break;
            }
            request.write(c);
            String text = request.toString(StandardCharsets.ISO_8859_1);
            int end = text.indexOf("\r\n\r\n");
            if (end >= 0 && length < 0) {
                java.util.regex.Matcher matcher = java.util.regex.Pattern.compile("Content-Length: (\\d+)").matcher(text);
                length = matcher.find() ? Integer.parseInt(matcher.group(1)) : 0;
            }
            if (end >= 0 && request.size() >= end + 4 + length) {
                break;
            }
        }
        return request.toString(StandardCharsets.ISO_8859_1);
    }
}
