package org.docex.documents.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FilenameSanitizerTest {

    @Test
    void keepsTheLastPathPartWithoutControlsOrQuotes() {
        assertEquals("passwd", FilenameSanitizer.clean("../../etc/passwd"));
        assertEquals("evil.pdf", FilenameSanitizer.clean("..\\..\\evil.pdf"));
        assertEquals("ab.pdf", FilenameSanitizer.clean(" a\"b.pdf "));
        assertEquals("rapportX-Injected: 1.pdf", FilenameSanitizer.clean("rapport\r\nX-Injected: 1.pdf"));
        assertEquals("Prüfbericht.pdf", FilenameSanitizer.clean("Prüfbericht.pdf"));
    }

    @Test
    void removesBidiOverridesThatDisguiseAnExtension() {
        assertEquals("invoicefdp.exe", FilenameSanitizer.clean("invoice\u202Efdp.exe"));
    }

    @Test
    void fallsBackForBlankNamesAndCapsLongOnes() {
        assertEquals("document.pdf", FilenameSanitizer.clean(" "));
        assertEquals("document.pdf", FilenameSanitizer.clean("dir/"));
        assertEquals(255, FilenameSanitizer.clean("x".repeat(300)).length());
        // A cap never splits a character outside the Basic Multilingual Plane.
        assertEquals(255, FilenameSanitizer.clean("😀".repeat(300)).codePointCount(0, 510));
    }
}
