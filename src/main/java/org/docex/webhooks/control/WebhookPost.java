package org.docex.webhooks.control;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * One webhook request, sent to an address the SSRF check has seen ({@link WebhookUrls#checked}),
 * never to a name resolved again, and never through a proxy (a system proxy would reach what the
 * check refused). The URL's host still names the request: in {@code Host}, and for https in the
 * TLS server name and the certificate's hostname check. HTTP/1.1 with {@code Connection: close};
 * the whole exchange ends by the deadline, and at most {@code kept} bytes of the answer are read.
 */
final class WebhookPost {

    /** Opens a plain TCP connection; tests give their own. */
    @FunctionalInterface
    interface Connector {
        Socket connect(InetSocketAddress address, int timeoutMillis) throws IOException;
    }

    static final Connector DIRECT = (address, timeoutMillis) -> {
        Socket socket = new Socket(Proxy.NO_PROXY);
        try {
            socket.connect(address, timeoutMillis);
            return socket;
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    };

    private static final Pattern IPV4_LITERAL = Pattern.compile("[0-9.]+");

    private final WebhookUrls.HostResolver resolver;
    private final Connector connector;
    private final int kept;

    WebhookPost(WebhookUrls.HostResolver resolver, Connector connector, int kept) {
        this.resolver = resolver;
        this.connector = connector;
        this.kept = kept;
    }

    /**
     * Resolves the URL's host once, checks every address ({@link WebhookUrls#checked}) and sends to
     * the first that connects; what came of it as an {@link Outcome}.
     */
    Outcome deliver(URI uri, boolean allowPrivate, Map<String, String> headers, byte[] body, Duration timeout, Clock clock) {
        WebhookUrls.Checked checked = WebhookUrls.checked(uri, allowPrivate, resolver);
        if (checked.refusal().isPresent()) {
            return Outcome.refused(checked.refusal().get());
        }
        try {
            Answer answer = post(uri, checked.addresses(), headers, body, timeout);
            return Outcome.of(answer.status(), answer.body(), Optional.ofNullable(answer.retryAfter()), clock.instant());
        } catch (IOException | RuntimeException e) {
            return Outcome.of(e, timeout);
        }
    }

    /** The answer's status, its {@code Retry-After} (null if none) and its first bytes as text. */
    record Answer(int status, String retryAfter, String body) {
    }

    Answer post(URI uri, List<InetAddress> addresses, Map<String, String> headers, byte[] body, Duration timeout)
            throws IOException {
        Deadline deadline = new Deadline(timeout);
        try (Socket socket = open(uri, addresses, deadline)) {
            OutputStream out = socket.getOutputStream();
            out.write(head(uri, headers, body.length).getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            return WebhookAnswer.read(deadline.guard(socket), kept);
        }
    }

    private Socket open(URI uri, List<InetAddress> addresses, Deadline deadline) throws IOException {
        boolean https = uri.getScheme().equalsIgnoreCase("https");
        int port = uri.getPort() != -1 ? uri.getPort() : https ? 443 : 80;
        IOException failure = new ConnectException("Connection failed");
        for (InetAddress address : addresses) {
            Socket socket;
            try {
                socket = connector.connect(new InetSocketAddress(address, port), deadline.remainingMillis());
            } catch (IOException e) {
                failure = e;
                continue;
            }
            return https ? tls(socket, uri.getHost(), port, deadline) : socket;
        }
        throw failure;
    }

    private static Socket tls(Socket socket, String host, int port, Deadline deadline) throws IOException {
        try {
            SSLSocket tls = (SSLSocket) ((SSLSocketFactory) SSLSocketFactory.getDefault()).createSocket(socket, host, port, true);
            SSLParameters parameters = tls.getSSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            if (!host.startsWith("[") && !IPV4_LITERAL.matcher(host).matches()) {
                parameters.setServerNames(List.of(new SNIHostName(host)));
            }
            tls.setSSLParameters(parameters);
            tls.setSoTimeout(deadline.remainingMillis());
            tls.startHandshake();
            return tls;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    private static String head(URI uri, Map<String, String> headers, int length) {
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        StringBuilder head = new StringBuilder("POST ").append(path);
        if (uri.getRawQuery() != null) {
            head.append('?').append(uri.getRawQuery());
        }
        head.append(" HTTP/1.1\r\nHost: ").append(uri.getRawAuthority()).append("\r\n");
        headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        return head.append("Content-Length: ").append(length).append("\r\nConnection: close\r\n\r\n").toString();
    }

    /** The end of the attempt: every connect, handshake and read waits at most until then. */
    private static final class Deadline {

        private final long end;

        Deadline(Duration timeout) {
            end = System.nanoTime() + timeout.toNanos();
        }

        int remainingMillis() throws SocketTimeoutException {
            long left = (end - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                throw new SocketTimeoutException("deadline passed");
            }
            return (int) Math.min(Integer.MAX_VALUE, left);
        }

        InputStream guard(Socket socket) throws IOException {
            InputStream in = socket.getInputStream();
            return new InputStream() {
                @Override
                public int read() throws IOException {
                    socket.setSoTimeout(remainingMillis());
                    return in.read();
                }

                @Override
                public int read(byte[] buffer, int offset, int length) throws IOException {
                    socket.setSoTimeout(remainingMillis());
                    return in.read(buffer, offset, length);
                }
            };
        }
    }
}
