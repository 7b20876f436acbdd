package org.docex.http;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import java.io.IOException;

/**
 * A request body as it arrives from the client, refused with {@link RefusedBodyException} as soon
 * as it passes its size limit (nothing is read past the first byte over it), falls below the
 * {@link MinimumRate}, or stops arriving (a failed read: the client went away or the server's
 * read timeout passed with no byte).
 */
final class ArrivingBody extends ServletInputStream {

    private final ServletInputStream in;
    private final long limit;
    private final String tooLarge;
    private final MinimumRate rate;
    private long received;

    ArrivingBody(ServletInputStream in, long limit, String tooLarge, MinimumRate rate) {
        this.in = in;
        this.limit = limit;
        this.tooLarge = tooLarge;
        this.rate = rate;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int read = read(one, 0, 1);
        return read < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        // Never ask for more than one byte past the limit: that byte alone proves the body too large.
        int wanted = (int) Math.min(length, limit - received + 1);
        int read;
        try {
            read = in.read(buffer, offset, wanted);
        } catch (IOException e) {
            // A server whose read waits for a whole buffer (Open Liberty) ends a trickling body
            // with its read timeout: that body was too slow, not stopped.
            throw rate.isBelow(received, System.nanoTime()) ? RefusedBodyException.tooSlow(e) : RefusedBodyException.stopped(e);
        }
        if (read > 0) {
            received += read;
            if (received > limit) {
                throw RefusedBodyException.tooLarge(tooLarge);
            }
        }
        if (rate.isBelow(received, System.nanoTime())) {
            throw RefusedBodyException.tooSlow();
        }
        return read;
    }

    @Override
    public boolean isFinished() {
        return in.isFinished();
    }

    @Override
    public boolean isReady() {
        return in.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
        // No request here is asynchronous (see RequestGate); the Servlet specification says so for such a request.
        throw new IllegalStateException("Only an asynchronous request takes a read listener");
    }
}
