package org.docex.errors;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class DataSizeTest {

    @Test
    void sizesReadAsAPersonWritesThem() {
        assertEquals("50 MiB", DataSize.readable(52_428_800));
        assertEquals("1.5 MiB", DataSize.readable(1_572_864));
        assertEquals("800 KiB", DataSize.readable(819_200));
        assertEquals("2 GiB", DataSize.readable(2L * 1024 * 1024 * 1024));
        assertEquals("512 bytes", DataSize.readable(512));
        assertEquals("1 byte", DataSize.readable(1));
    }
}
