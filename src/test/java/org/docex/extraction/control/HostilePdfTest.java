package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.interactive.form.PDAcroForm;
import org.apache.pdfbox.pdmodel.interactive.form.PDField;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostilePdfTest {

    @TempDir
    Path dir;

    private final DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults());

    @Test
    void aMatrixCrashInTextExtractionFailsWithAClearMessage() {
        ExtractionFailedException failure = assertThrows(ExtractionFailedException.class, () -> extract("jazzer-crash-matrix.pdf"));

        assertTrue(failure.getMessage().startsWith("The text on page "), failure.getMessage());
        assertClientSafe(failure.getMessage());
    }

    @Test
    void aGigabyteFlateBombFinishesInBoundedMemory() throws Exception {
        ExtractionResult result = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> extract("bomb-flate-1GiB.pdf"));

        assertEquals(1, result.pages().size());
        assertFalse(result.pages().get(0).hasTextLayer());
    }

    /**
     * A text field whose value is a stream deflated twice from a gigabyte: a few kilobytes on disk.
     * Reading it must not decode it whole: the value is cut at its limit, a warning says so, and
     * the extraction allocates far less than the gigabyte (the thread's allocation counter, so that
     * the JVM's heap size does not decide the test).
     */
    @Test
    void aFormFieldValueThatInflatesToAGigabyteIsReadOnlyToItsLimit() throws Exception {
        TestPdf pdf = TestPdf.create().page();
        PDAcroForm form = FormFixtures.acroForm(pdf);
        FormFixtures.textFieldInGroup(form, pdf.currentPage(), "claim", "notes", "short",
                new PDRectangle(50, 700, 200, 20));
        PDField notes = form.getField("claim.notes");
        COSStream bomb = pdf.document.getDocument().createCOSStream();
        try (OutputStream out = bomb.createRawOutputStream()) {
            out.write(deflated(deflated(GIGABYTE)));
        }
        bomb.setItem(COSName.FILTER, new COSArray(List.of(COSName.FLATE_DECODE, COSName.FLATE_DECODE)));
        notes.getCOSObject().setItem(COSName.V, bomb);
        Path file = pdf.save(dir, "form-bomb.pdf");
        assertTrue(Files.size(file) < 100_000, "the PDF is small: " + Files.size(file));
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();

        ExtractionResult result = extractor.extract(file, Template.GENERIC, List.of(), null);

        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < 256L * 1024 * 1024, "allocated " + allocated / (1024 * 1024) + " MiB");
        ExtractedField value = result.fields().stream().filter(field -> field.name().equals("claim.notes")).findFirst()
                .orElseThrow();
        assertEquals(64 * 1024, value.raw().length());
        assertTrue(result.warnings().stream().anyMatch(warning -> warning.contains("cut at 64 KiB") && warning.contains("claim.notes")),
                result.warnings().toString());
    }

    private static final long GIGABYTE = 1L << 30;

    /** {@code length} zero bytes deflated, written without holding them. */
    private static byte[] deflated(long length) throws IOException {
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        try (DeflaterOutputStream out = new DeflaterOutputStream(compressed, new Deflater(Deflater.BEST_COMPRESSION))) {
            byte[] zeros = new byte[1 << 20];
            for (long written = 0; written < length; written += zeros.length) {
                out.write(zeros, 0, (int) Math.min(zeros.length, length - written));
            }
        }
        return compressed.toByteArray();
    }

    private static byte[] deflated(byte[] data) throws IOException {
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        try (DeflaterOutputStream out = new DeflaterOutputStream(compressed, new Deflater(Deflater.BEST_COMPRESSION))) {
            out.write(data);
        }
        return compressed.toByteArray();
    }

    @Test
    void aPageTextCapStopsCollectingAndSaysSo() throws Exception {
        TestPdf builder = TestPdf.create().page();
        for (int line = 0; line < 60; line++) {
            builder.text("Line " + line + " with some repeated words to fill the page", 40, 40 + line * 12);
        }
        Path pdf = builder.save(dir, "long.pdf");
        DocumentExtractor capped = new DocumentExtractor(ExtractionLimits.defaults().withMaxTextCharsPerPage(500));

        ExtractionResult result = capped.extract(pdf, Template.GENERIC, List.of(), null);

        assertTrue(result.pages().get(0).text().length() <= 500);
        assertTrue(result.pages().get(0).text().startsWith("Line 0 with"));
        assertEquals("true", result.metadata().get("text_truncated"));
    }

    @Test
    void aPasswordProtectedPdfIsRefused() {
        for (String name : List.of("enc-rc4-userpw123.pdf", "enc-aes256.pdf")) {
            ExtractionFailedException failure = assertThrows(ExtractionFailedException.class, () -> extract(name));
            assertEquals("The PDF is password-protected", failure.getMessage());
        }
    }

    @Test
    void anEmptyUserPasswordOpensAndIsMarkedEncrypted() throws Exception {
        ExtractionResult result = extract("enc-rc4-emptyuser.pdf");

        assertEquals("true", result.metadata().get("encrypted"));
        assertTrue(result.pages().get(0).hasTextLayer());
    }

    @Test
    void filesThatAreNotWholePdfsFailCleanly() {
        for (String name : List.of("not-a-pdf.pdf", "truncated.pdf")) {
            ExtractionFailedException failure = assertThrows(ExtractionFailedException.class, () -> extract(name));
            assertTrue(failure.getMessage().startsWith("The PDF could not be "), failure.getMessage());
            assertClientSafe(failure.getMessage());
        }
    }

    @Test
    void aLyingOrCyclicPageTreeDoesNotHang() {
        for (String name : List.of("pagecount-lie.pdf", "cyclic-pagetree.pdf", "deep-nesting-100k.pdf")) {
            assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
                try {
                    ExtractionResult result = extract(name);
                    assertTrue(result.pages().size() <= 2, name + " has " + result.pages().size() + " pages");
                } catch (ExtractionFailedException e) {
                    assertClientSafe(e.getMessage());
                }
            }, name);
        }
    }

    @Test
    void ordinaryFilesHaveTheExpectedShape() throws Exception {
        ExtractionResult good = extract("good.pdf");
        ExtractionResult scanned = extract("scanned.pdf");
        ExtractionResult form = extract("acroform.pdf");

        assertTrue(good.pages().get(0).hasTextLayer());
        assertFalse(good.pages().get(0).text().isBlank());
        assertFalse(scanned.pages().get(0).hasTextLayer());
        assertTrue(form.fields().stream().anyMatch(field -> field.source().equals(ExtractedField.ACROFORM)),
                form.fields().toString());
    }

    private ExtractionResult extract(String name) throws ExtractionFailedException, IOException {
        Path file = dir.resolve(name);
        try (InputStream in = getClass().getResourceAsStream("/pdfs/" + name)) {
            Files.copy(in, file);
        }
        return extractor.extract(file, Template.INVOICE, List.of(), ProgressListener.NONE);
    }

    private static void assertClientSafe(String message) {
        assertFalse(message.contains("Exception"), message);
        assertFalse(message.contains("java."), message);
        assertFalse(message.contains("org.apache"), message);
    }
}
