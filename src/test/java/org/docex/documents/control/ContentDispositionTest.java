package org.docex.documents.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ContentDispositionTest {

    @Test
    void keepsAPlainName() {
        assertEquals("attachment; filename=\"report.pdf\"; filename*=UTF-8''report.pdf",
                ContentDisposition.attachment("report.pdf"));
    }

    @Test
    void dropsPathParts() {
        assertEquals("attachment; filename=\"passwd\"; filename*=UTF-8''passwd",
                ContentDisposition.attachment("../../etc/passwd"));
        assertEquals("attachment; filename=\"x.pdf\"; filename*=UTF-8''x.pdf",
                ContentDisposition.attachment("C:\\Users\\me\\x.pdf"));
    }

    @Test
    void dropsQuotes() {
        assertEquals("attachment; filename=\"ab.pdf\"; filename*=UTF-8''ab.pdf",
                ContentDisposition.attachment("a\"b.pdf"));
    }

    @Test
    void cannotInjectAHeader() {
        String header = ContentDisposition.attachment("rapport\r\nX-Injected: 1.pdf");

        assertFalse(header.contains("\r") || header.contains("\n"), header);
        assertEquals("attachment; filename=\"rapportX-Injected: 1.pdf\"; filename*=UTF-8''rapportX-Injected%3A%201.pdf",
                header);
    }

    @Test
    void encodesUnicodeAndGivesAnAsciiFallback() {
        assertEquals("attachment; filename=\"Prufbericht.pdf\"; filename*=UTF-8''Pr%C3%BCfbericht.pdf",
                ContentDisposition.attachment("Prüfbericht.pdf"));
        assertEquals("attachment; filename=\"__.pdf\"; filename*=UTF-8''%E5%A0%B1%E5%91%8A.pdf",
                ContentDisposition.attachment("報告.pdf"));
    }

    @Test
    void fallsBackForAnEmptyName() {
        String expected = "attachment; filename=\"document.pdf\"; filename*=UTF-8''document.pdf";
        assertEquals(expected, ContentDisposition.attachment(""));
        assertEquals(expected, ContentDisposition.attachment("  \t "));
        assertEquals(expected, ContentDisposition.attachment(null));
        assertEquals(expected, ContentDisposition.attachment("uploads/.."));
    }

    @Test
    void capsTheLength() {
        String header = ContentDisposition.attachment("a".repeat(500) + ".pdf");

        assertTrue(header.contains("filename=\"" + "a".repeat(200) + "\""), header);
    }
}
