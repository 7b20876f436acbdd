package org.docex.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ArrivingBodyTest {

    private static final long SECOND = Duration.ofSeconds(1).toNanos();

    @Test
    void theRateIsKeptOnlyOnceTheGraceHasPassed() {
        MinimumRate rate = new MinimumRate(0);
        assertFalse(rate.isBelow(0, 10 * SECOND), "nothing is asked within the grace period");
        assertTrue(rate.isBelow(0, 10 * SECOND + 1));
        assertTrue(rate.isBelow(11 * 1024 - 1, 11 * SECOND));
        assertFalse(rate.isBelow(11 * 1024, 11 * SECOND), "1 KiB a second on average is enough");
        assertFalse(rate.isBelow(60 * 1024, 30 * SECOND), "a fast start covers a slow end");
    }

    @Test
    void aBodyWithinItsLimitReadsAsSent() throws IOException {
        byte[] sent = bytes(5000);
        ArrivingBody body = new ArrivingBody(servletStream(new ByteArrayInputStream(sent)), 5000, "too large", fresh());
        assertArrayEquals(sent, body.readAllBytes());
    }

    @Test
    void aBodyOverItsLimitIsRefusedAfterOneByteMore() {
        CountingStream sent = new CountingStream(new ByteArrayInputStream(bytes(100_000)));
        ArrivingBody body = new ArrivingBody(servletStream(sent), 4096, "The file is larger", fresh());
        RefusedBodyException refused = assertThrows(RefusedBodyException.class, body::readAllBytes);
        assertEquals(413, refused.status());
        assertEquals("The file is larger", refused.getMessage());
        assertEquals(4097, sent.read, "bytes read from the client");
    }

    @Test
    void aBodyBelowTheRateIsRefusedWith408() {
        MinimumRate startedLongAgo = new MinimumRate(System.nanoTime() - 11 * SECOND);
        ArrivingBody body = new ArrivingBody(servletStream(new ByteArrayInputStream(bytes(100))), 4096, "too large", startedLongAgo);
        RefusedBodyException refused = assertThrows(RefusedBodyException.class, () -> body.read(new byte[10]));
        assertEquals(408, refused.status());
        assertEquals("The request body arrived too slowly: a request body must arrive at 1024 bytes per second or faster "
                + "on average once 10 s have passed", refused.getMessage());
    }

    @Test
    void aBodyThatStopsArrivingIsRefusedWith408() {
        SocketTimeoutException timeout = new SocketTimeoutException("read timed out");
        ArrivingBody body = new ArrivingBody(servletStream(failing(timeout)), 4096, "too large", fresh());
        RefusedBodyException refused = assertThrows(RefusedBodyException.class, body::read);
        assertEquals(408, refused.status());
        assertEquals("The request body stopped arriving", refused.getMessage());
        assertSame(timeout, refused.getCause());
    }

    @Test
    void aReadThatTimesOutBelowTheRateIsTooSlow() {
        // Open Liberty's read returns only with a full buffer: its read timeout is what ends a trickle.
        SocketTimeoutException timeout = new SocketTimeoutException("read timed out");
        MinimumRate startedLongAgo = new MinimumRate(System.nanoTime() - 32 * SECOND);
        ArrivingBody body = new ArrivingBody(servletStream(failing(timeout)), 4096, "too large", startedLongAgo);
        RefusedBodyException refused = assertThrows(RefusedBodyException.class, body::read);
        assertEquals(408, refused.status());
        assertTrue(refused.getMessage().startsWith("The request body arrived too slowly: "), refused.getMessage());
        assertSame(timeout, refused.getCause());
    }

    /** A client stream whose every read fails with {@code failure}. */
    private static InputStream failing(IOException failure) {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                throw failure;
            }
        };
    }

    private static MinimumRate fresh() {
        return MinimumRate.startingNow();
    }

    static byte[] bytes(int count) {
        byte[] bytes = new byte[count];
        for (int i = 0; i < count; i++) {
            bytes[i] = (byte) (i * 31);
        }
        return bytes;
    }

    static ServletInputStream servletStream(InputStream in) {
        return new ServletInputStream() {
            @Override
            public int read() throws IOException {
                return in.read();
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                return in.read(buffer, offset, length);
            }

            @Override
            public boolean isFinished() {
                return false;
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setReadListener(ReadListener listener) {
                throw new UnsupportedOperationException();
            }
        };
    }

    /** Counts what the server reads from the client. */
    static final class CountingStream extends InputStream {
        private final InputStream in;
        long read;

        CountingStream(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            read += b < 0 ? 0 : 1;
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = in.read(buffer, offset, length);
            read += Math.max(0, n);
            return n;
        }
    }
}
