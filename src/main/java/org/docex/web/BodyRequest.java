package org.docex.web;

import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/** The request as the application sees it, with its body read through the gate's stream. */
final class BodyRequest extends HttpServletRequestWrapper {

    private final ServletInputStream body;
    private final long length;
    private boolean streamTaken;
    private BufferedReader reader;

    /** {@code length} is the body's size in bytes, or -1 when not known. */
    BodyRequest(HttpServletRequest request, ServletInputStream body, long length) {
        super(request);
        this.body = body;
        this.length = length;
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
            String encoding = getCharacterEncoding();
            Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
            reader = new BufferedReader(new InputStreamReader(body, charset));
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
