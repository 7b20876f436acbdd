package org.docex.documents.control;

import static org.docex.documents.control.SamplePdfs.sample;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.TimeZone;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.docex.documents.control.PdfRejectedException.Reason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PdfInspectorTest {

    private static final Duration FAST = Duration.ofSeconds(10);

    private final PdfInspector inspector = new PdfInspector(2000);

    @TempDir
    Path tmp;

    @Test
    void readsFactsOfAnOrdinaryPdf() throws Exception {
        PdfFacts facts = inspector.inspect(sample("good.pdf"));

        assertAll(
                () -> assertEquals(1, facts.pageCount()),
                () -> assertEquals("1.5", facts.pdfVersion()),
                () -> assertEquals("cairo 1.16.0 (https://cairographics.org)", facts.producer()),
                () -> assertEquals(Instant.parse("2025-11-20T09:45:05Z"), facts.created()),
                () -> assertNull(facts.title()),
                () -> assertFalse(facts.encrypted()),
                () -> assertFalse(facts.hasForms()));
    }

    @Test
    void reportsFormFields() throws Exception {
        assertTrue(inspector.inspect(sample("acroform.pdf")).hasForms());
    }

    @Test
    void acceptsPdfsWithJavaScriptOrOnlyAnImage() throws Exception {
        assertEquals(1, inspector.inspect(sample("javascript.pdf")).pageCount());
        assertEquals(1, inspector.inspect(sample("scanned.pdf")).pageCount());
    }

    @Test
    void acceptsTheBrokenCrossReferenceTableBecausePdfBoxRepairsIt() throws Exception {
        assertEquals(1, inspector.inspect(sample("brokenxref.pdf")).pageCount());
    }

    @Test
    void acceptsEncryptionWithAnEmptyUserPassword() throws Exception {
        PdfFacts facts = inspector.inspect(sample("enc-rc4-emptyuser.pdf"));

        assertTrue(facts.encrypted());
        assertEquals(1, facts.pageCount());
    }

    @Test
    void refusesPdfsThatNeedAPassword() {
        assertRejected(Reason.PASSWORD_PROTECTED, "The PDF is password-protected", "enc-rc4-userpw123.pdf");
        assertRejected(Reason.PASSWORD_PROTECTED, "The PDF is password-protected", "enc-aes256.pdf");
    }

    @Test
    void refusesAFileThatIsNotAPdfByContent() {
        assertRejected(Reason.NOT_A_PDF, "The file is not a PDF", "not-a-pdf.pdf");
    }

    @Test
    void refusesATruncatedPdfAsUnreadable() {
        assertRejected(Reason.UNREADABLE, "The file is not a readable PDF", "truncated.pdf");
    }

    @Test
    void countsTheRealPagesWhenThePageTreeLiesAboutItsCount() throws Exception {
        PdfFacts facts = assertTimeoutPreemptively(FAST, () -> inspector.inspect(sample("pagecount-lie.pdf")));

        assertEquals(1, facts.pageCount());
    }

    @Test
    void refusesACyclicPageTreeWithoutHanging() {
        // PDFBox would list its one page twice, and fail to find it by index.
        assertTimeoutPreemptively(FAST, () -> assertRejected(Reason.UNREADABLE, "The file is not a readable PDF",
                "cyclic-pagetree.pdf"));
    }

    @Test
    void refusesDeeplyNestedArraysWithoutAStackOverflow() {
        assertTimeoutPreemptively(FAST, () -> assertRejected(Reason.UNREADABLE, "The file is not a readable PDF",
                "deep-nesting-100k.pdf"));
    }

    @Test
    void refusesMorePagesThanTheLimitWithoutWalkingThemAll() {
        assertTimeoutPreemptively(FAST, () -> assertRejected(Reason.TOO_MANY_PAGES, "The PDF has more than 2000 pages",
                "pages-20000.pdf"));
    }

    @Test
    void inspectsAnInflationBombWithoutInflatingIt() throws Exception {
        PdfFacts facts = assertTimeoutPreemptively(FAST, () -> inspector.inspect(sample("bomb-flate-1GiB.pdf")));

        assertEquals(1, facts.pageCount());
    }

    @Test
    void inspectsAnImageBombWithoutDecodingIt() throws Exception {
        assertEquals(1, inspector.inspect(sample("bomb-image-30000x30000.pdf")).pageCount());
    }

    @Test
    void acceptsTheFileThatCrashesTextExtraction() throws Exception {
        // Its damage is in a content stream, which inspection does not parse.
        assertEquals(1, inspector.inspect(sample("jazzer-crash-matrix.pdf")).pageCount());
    }

    @Test
    void refusesAPdfWithoutPages() throws Exception {
        Path empty = tmp.resolve("empty.pdf");
        try (PDDocument document = new PDDocument()) {
            document.save(empty.toFile());
        }

        assertRejected(Reason.NO_PAGES, "The PDF has no pages", empty);
    }

    @Test
    void acceptsExactlyTheMaximumNumberOfPages() throws Exception {
        Path three = SamplePdfs.blankPages(tmp, new org.apache.pdfbox.pdmodel.common.PDRectangle(100, 100), 3);

        assertEquals(3, new PdfInspector(3).inspect(three).pageCount());
        assertRejected(new PdfInspector(2), Reason.TOO_MANY_PAGES, "The PDF has more than 2 pages", three);
    }

    @Test
    void cleansInfoStrings() throws Exception {
        PdfFacts facts = inspector.inspect(withInfo("  Annual\u0000 report\r\n\u202E2026 ", "   ", "x".repeat(5000)));

        assertAll(
                () -> assertEquals("Annual report2026", facts.title()),
                () -> assertNull(facts.author()),
                () -> assertEquals(1000, facts.subject().length()),
                () -> assertEquals(Instant.parse("2024-02-29T12:30:00Z"), facts.created()));
    }

    @Test
    void findsTheMagicBytesAnywhereInTheFirstKilobyte() throws Exception {
        byte[] pdf = Files.readAllBytes(sample("good.pdf"));

        assertTrue(PdfInspector.hasPdfMagic(withPrefix(new byte[1019], pdf)));
        assertFalse(PdfInspector.hasPdfMagic(withPrefix(new byte[1020], pdf)));
        assertNotNull(inspector.inspect(withPrefix("junk before the header\n".getBytes(), pdf)));
    }

    private Path withInfo(String title, String author, String subject) throws IOException {
        Path file = tmp.resolve("info.pdf");
        try (PDDocument document = new PDDocument()) {
            document.addPage(new PDPage());
            PDDocumentInformation info = document.getDocumentInformation();
            info.setTitle(title);
            info.setAuthor(author);
            info.setSubject(subject);
            Calendar created = new GregorianCalendar(TimeZone.getTimeZone("Europe/Berlin"));
            created.clear();
            created.set(2024, Calendar.FEBRUARY, 29, 13, 30, 0);
            info.setCreationDate(created);
            document.save(file.toFile());
        }
        return file;
    }

    private Path withPrefix(byte[] prefix, byte[] pdf) throws IOException {
        byte[] bytes = new byte[prefix.length + pdf.length];
        System.arraycopy(prefix, 0, bytes, 0, prefix.length);
        System.arraycopy(pdf, 0, bytes, prefix.length, pdf.length);
        return Files.write(Files.createTempFile(tmp, "prefixed", ".pdf"), bytes);
    }

    private void assertRejected(Reason reason, String message, String sampleName) {
        assertRejected(inspector, reason, message, sample(sampleName));
    }

    private void assertRejected(Reason reason, String message, Path file) {
        assertRejected(inspector, reason, message, file);
    }

    private static void assertRejected(PdfInspector inspector, Reason reason, String message, Path file) {
        PdfRejectedException rejected = assertThrows(PdfRejectedException.class, () -> inspector.inspect(file));
        assertEquals(reason, rejected.reason(), () -> file.getFileName() + ": " + rejected.getCause());
        assertEquals(message, rejected.getMessage());
    }
}
