package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.logging.Logger;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.io.RandomAccessReadBufferedFile;
import org.apache.pdfbox.multipdf.PDFMergerUtility;
import org.apache.pdfbox.pdmodel.PDDocument;
import java.util.Optional;
import org.docex.documents.control.BatchSplitter;
import org.docex.documents.control.PageRenderer;
import org.docex.extraction.control.invoice.InvoiceStarts;
import org.docex.extraction.control.ocr.OcrFixtures;
import org.docex.extraction.control.ocr.TesseractEngine;
import org.docex.extraction.control.workflow.PageHeaderInvoiceStarts;
import org.docex.extraction.control.pdf.PageTextReader;
import org.docex.extraction.control.pdf.WorkDeadline;
import org.docex.extraction.control.realworld.RealWorldSet;
import org.docex.extraction.control.text.PageText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Split proposals on real invoices printed one after the other as one batch: where a new invoice starts (recall) and
 * how many proposals are right (precision). The project's set of other countries' invoices is the development set;
 * the held-out sets are measured and guarded against a collapse, not tuned to.
 */
class BatchProposalsTest {

    private static final Logger LOG = Logger.getLogger(BatchProposalsTest.class.getName());

    @TempDir
    Path dir;

    @Test
    void realInvoicesPrintedTogetherAreProposedAsInvoicesOfTheirOwn() throws Exception {
        Score score = score("development", RealWorldSet.otherCountries());
        assertTrue(score.recall() >= 0.85, score.toString());
        assertTrue(score.precision() >= 0.95, score.toString());
    }

    @Test
    void heldOutInvoicesPrintedTogetherAreProposedToo() throws Exception {
        Score first = score("held-out", RealWorldSet.ofSet(RealWorldSet.HELD_OUT));
        Score second = score("held-out-2", RealWorldSet.ofSet(RealWorldSet.HELD_OUT_2));
        // Guards against a collapse only: nothing is tuned to these sets.
        assertTrue(first.recall() >= 0.6 && first.precision() >= 0.8, first.toString());
        assertTrue(second.recall() >= 0.6 && second.precision() >= 0.8, second.toString());
    }

    @Test
    void aLaterPageOfTheSameInvoiceIsNoStart() throws Exception {
        // A two-page invoice of the set read on its own: one invoice, nothing proposed.
        RealWorldSet.Invoice twoPages = null;
        for (RealWorldSet.Invoice invoice : RealWorldSet.otherCountries()) {
            if (twoPages == null && pages(invoice.file()) > 1) {
                twoPages = invoice;
            }
        }
        assertTrue(twoPages != null, "the set has an invoice of more than one page");
        assertEquals(List.of(), InvoiceStarts.of(texts(twoPages.file())), twoPages.id());
    }

    @Test
    void aPageWithAnotherNumberStartsAnInvoice() throws Exception {
        for (String marker : List.of("3F2A1B", "123456", "2026/17")) {
            Path pdf = dir.resolve("two-" + marker.replace("/", "-") + ".pdf");
            java.nio.file.Files.write(pdf, org.docex.build.TextPdf.of("Two", new String[] {"Invoice No: E-" + marker,
                    "Total: 50.00 EUR"}, new String[] {"Invoice No: F-" + marker}));
            assertEquals(List.of(2), InvoiceStarts.of(texts(pdf)), marker);
        }
    }

    @Test
    void pageMarkersSayWhereAnInvoiceBegins() {
        assertEquals(java.util.Optional.of(1), InvoiceStarts.pageOfSeveralIn("Rechnung 2026-17  Seite 1 von 3"));
        assertEquals(java.util.Optional.of(2), InvoiceStarts.pageOfSeveralIn("Page 2 of 2"));
        assertEquals(java.util.Optional.empty(), InvoiceStarts.pageOfSeveralIn("Page 1 of 1"));
        assertTrue(InvoiceStarts.sameNumber("INV-10O1", "inv-1001"));
        assertTrue(!InvoiceStarts.sameNumber("INV-1001", "INV-1002"));
    }

    /**
     * The project's real scans and phone photos (no text layer) as one scanned batch: proposals from OCR of each page's
     * upper half, as the server makes them. Measured, not tuned to.
     */
    @Test
    void realScansScannedTogetherAreProposedFromTheirHeaders() throws Exception {
        Optional<TesseractEngine> engine = OcrFixtures.availability().engine();
        PageRenderer renderer = new PageRenderer(25_000_000L, 100_000_000L);
        Score score = score("real scans", RealWorldSet.scans(dir), batch -> {
            try (PDDocument document = Loader.loadPDF(new RandomAccessReadBufferedFile(batch.toFile()))) {
                return PageHeaderInvoiceStarts.starts(document, List.of(new BatchSplitter.Pages(1, document.getNumberOfPages())),
                        engine, renderer).get(0);
            }
        });
        assertTrue(score.precision() >= 0.8 && score.recall() >= 0.3, score.toString());
    }

    private interface Proposer {
        List<Integer> starts(Path batch) throws Exception;
    }

    /** The invoices merged into one PDF in their order; each one's first page is a true start. */
    private Score score(String set, List<RealWorldSet.Invoice> invoices) throws Exception {
        return score(set, invoices, batch -> InvoiceStarts.of(texts(batch)));
    }

    private Score score(String set, List<RealWorldSet.Invoice> invoices, Proposer proposer) throws Exception {
        PDFMergerUtility merger = new PDFMergerUtility();
        Path batch = dir.resolve(set + ".pdf");
        merger.setDestinationFileName(batch.toString());
        TreeSet<Integer> truth = new TreeSet<>();
        int page = 1;
        for (RealWorldSet.Invoice invoice : invoices) {
            if (page > 1) {
                truth.add(page);
            }
            merger.addSource(invoice.file().toFile());
            page += pages(invoice.file());
        }
        merger.mergeDocuments(null);
        List<Integer> proposed = proposer.starts(batch);
        List<Integer> right = proposed.stream().filter(truth::contains).toList();
        List<Integer> missed = truth.stream().filter(start -> !proposed.contains(start)).toList();
        List<Integer> wrong = proposed.stream().filter(start -> !truth.contains(start)).toList();
        Score score = new Score(set, invoices.size(), page - 1, truth.size(), proposed.size(), right.size(), missed, wrong);
        LOG.info(score.toString());
        return score;
    }

    private static int pages(Path pdf) throws Exception {
        try (PDDocument document = Loader.loadPDF(new RandomAccessReadBufferedFile(pdf.toFile()))) {
            return document.getNumberOfPages();
        }
    }

    private static List<PageText> texts(Path pdf) throws Exception {
        try (PDDocument document = Loader.loadPDF(new RandomAccessReadBufferedFile(pdf.toFile()))) {
            ExtractionLimits limits = ExtractionLimits.defaults();
            return new ArrayList<>(PageTextReader.read(document, document.getNumberOfPages(), limits,
                    WorkDeadline.after(limits.maxProcessingTime()), ProgressListener.NONE));
        }
    }

    record Score(String set, int invoices, int pages, int starts, int proposed, int right, List<Integer> missed,
                 List<Integer> wrong) {

        double recall() {
            return starts == 0 ? 1 : (double) right / starts;
        }

        double precision() {
            return proposed == 0 ? 1 : (double) right / proposed;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "Split proposals, %s set: %d invoices, %d pages, %d starts; proposed %d,"
                            + " right %d: recall %.2f, precision %.2f; missed pages %s, wrong pages %s", set, invoices, pages,
                    starts, proposed, right, recall(), precision(), missed, wrong);
        }
    }
}
