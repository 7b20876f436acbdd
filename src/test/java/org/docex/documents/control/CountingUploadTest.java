package org.docex.documents.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CountingUploadTest {

    @TempDir
    Path tmp;

    @Test
    void copiesWithExactSizeAndSha256() throws Exception {
        byte[] body = "abc".getBytes(StandardCharsets.US_ASCII);
        Path target = tmp.resolve("upload");

        UploadedFile uploaded = CountingUpload.copy(new ByteArrayInputStream(body), target, 100);

        assertEquals(target, uploaded.path());
        assertEquals(3, uploaded.sizeBytes());
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", uploaded.sha256Hex());
        assertArrayEquals(body, Files.readAllBytes(target));
    }

    @Test
    void acceptsABodyOfExactlyTheLimit() throws Exception {
        UploadedFile uploaded = CountingUpload.copy(new EndlessStream(200_000), tmp.resolve("upload"), 200_000);

        assertEquals(200_000, uploaded.sizeBytes());
        assertEquals(200_000, Files.size(uploaded.path()));
    }

    @Test
    void stopsReadingAsSoonAsTheLimitIsPassed() {
        EndlessStream body = new EndlessStream(Long.MAX_VALUE);

        assertThrows(UploadTooLargeException.class, () -> CountingUpload.copy(body, tmp.resolve("upload"), 100_000));

        assertTrue(body.served <= 100_001, "read " + body.served + " bytes");
    }

    /** Serves {@code length} bytes of 'x' and counts how many were read. */
    private static final class EndlessStream extends InputStream {
        private final long length;
        private long served;

        EndlessStream(long length) {
            this.length = length;
        }

        @Override
        public int read() {
            if (served >= length) {
                return -1;
            }
            served++;
            return 'x';
        }

        @Override
        public int read(byte[] buffer, int offset, int wanted) {
            if (served >= length) {
                return -1;
            }
            int count = (int) Math.min(wanted, length - served);
            java.util.Arrays.fill(buffer, offset, offset + count, (byte) 'x');
            served += count;
            return count;
        }
    }
}
