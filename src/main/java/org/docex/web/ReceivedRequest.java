package org.docex.web;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/** The request as the application sees it once its body has been received in full. */
final class ReceivedRequest extends HttpServletRequestWrapper {

    private final ReceivedBody body;
    private ServletInputStream stream;
    private BufferedReader reader;

    ReceivedRequest(HttpServletRequest request, ReceivedBody body) {
        super(request);
        this.body = body;
    }

    @Override
    public ServletInputStream getInputStream() throws IOException {
        if (reader != null) {
            throw new IllegalStateException("getReader() was called on this request");
        }
        if (stream == null) {
            stream = new Stream(body.open());
        }
        return stream;
    }

    @Override
    public BufferedReader getReader() throws IOException {
        if (stream != null) {
            throw new IllegalStateException("getInputStream() was called on this request");
        }
        if (reader == null) {
            String encoding = getCharacterEncoding();
            Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
            reader = new BufferedReader(new InputStreamReader(body.open(), charset));
        }
        return reader;
    }

    @Override
    public int getContentLength() {
        return body.size() > Integer.MAX_VALUE ? -1 : (int) body.size();
    }

    @Override
    public long getContentLengthLong() {
        return body.size();
    }

    /** A received body is all there: reads never block. */
    private static final class Stream extends ServletInputStream {

        private final InputStream in;
        private boolean finished;

        Stream(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            finished = b < 0;
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int read = in.read(buffer, offset, length);
            finished = read < 0;
            return read;
        }

        @Override
        public int available() throws IOException {
            return in.available();
        }

        @Override
        public void close() throws IOException {
            in.close();
        }

        @Override
        public boolean isFinished() {
            return finished;
        }

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
            // As the Servlet specification says for a request that is not asynchronous: no request here is.
            throw new IllegalStateException("Only an asynchronous request takes a read listener");
        }
    }
}
