package org.docex.http;

import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The request as the application sees it, with its body read through the gate's stream. A received
 * form body also answers the request's parameters (with the query string's), as the server would
 * have: some Jakarta REST implementations read {@code @FormParam} values from them.
 */
final class BodyRequest extends HttpServletRequestWrapper {

    private static final String FORM = "application/x-www-form-urlencoded";

    private final ServletInputStream body;
    private final long length;
    private final ReceivedBody received;
    private boolean streamTaken;
    private BufferedReader reader;
    private Map<String, String[]> parameters;

    /** {@code length} is the body's size in bytes, or -1 when not known. */
    BodyRequest(HttpServletRequest request, ServletInputStream body, long length) {
        this(request, body, length, null);
    }

    /** A body received in full, whose form fields are also the request's parameters. */
    BodyRequest(HttpServletRequest request, ReceivedBody received) throws IOException {
        this(request, received.stream(), received.size(), received);
    }

    private BodyRequest(HttpServletRequest request, ServletInputStream body, long length, ReceivedBody received) {
        super(request);
        this.body = body;
        this.length = length;
        this.received = received;
    }

    @Override
    public String getParameter(String name) {
        String[] values = getParameterMap().get(name);
        return values == null ? null : values[0];
    }

    @Override
    public Enumeration<String> getParameterNames() {
        return Collections.enumeration(getParameterMap().keySet());
    }

    @Override
    public String[] getParameterValues(String name) {
        String[] values = getParameterMap().get(name);
        return values == null ? null : values.clone();
    }

    @Override
    public Map<String, String[]> getParameterMap() {
        if (parameters == null) {
            Map<String, List<String>> all = new LinkedHashMap<>();
            Charset charset = charset();
            parse(getQueryString(), StandardCharsets.UTF_8, all);
            String type = getContentType();
            if (received != null && type != null && type.toLowerCase(Locale.ROOT).startsWith(FORM)) {
                try (InputStream form = received.stream()) {
                    parse(new String(form.readAllBytes(), charset), charset, all);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            Map<String, String[]> map = new LinkedHashMap<>();
            all.forEach((name, values) -> map.put(name, values.toArray(String[]::new)));
            parameters = Collections.unmodifiableMap(map);
        }
        return parameters;
    }

    private static void parse(String encoded, Charset charset, Map<String, List<String>> into) {
        if (encoded == null || encoded.isEmpty()) {
            return;
        }
        for (String pair : encoded.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            String name = URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), charset);
            String value = equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), charset);
            into.computeIfAbsent(name, key -> new ArrayList<>()).add(value);
        }
    }

    private Charset charset() {
        String encoding = getCharacterEncoding();
        return encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
    }

    @Override
    public ServletInputStream getInputStream() {
        if (reader != null) {
            throw new IllegalStateException("getReader() was called on this request");
        }
        streamTaken = true;
        return body;
    }

    @Override
    public BufferedReader getReader() throws IOException {
        if (streamTaken) {
            throw new IllegalStateException("getInputStream() was called on this request");
        }
        if (reader == null) {
            reader = new BufferedReader(new InputStreamReader(body, charset()));
        }
        return reader;
    }

    @Override
    public int getContentLength() {
        return length > Integer.MAX_VALUE ? -1 : (int) length;
    }

    @Override
    public long getContentLengthLong() {
        return length;
    }
}
