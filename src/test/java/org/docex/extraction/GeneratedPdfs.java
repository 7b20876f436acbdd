package org.docex.extraction;

import java.util.stream.IntStream;
import org.docex.testing.Pdfs;

/** PDFs for the extraction tests, made in the test. */
public final class GeneratedPdfs {

    private GeneratedPdfs() {
    }

    public static byte[] invoice() {
        return Pdfs.text("Invoice", "ACME Supplies GmbH", "Invoice No.: INV-2026-001", "Invoice Date: 2026-11-02",
                "Order Ref: PO-7781", "Total: 1,234.56 EUR");
    }

    /** {@code count} pages of thirty lines each, the first naming the page: slow enough to watch a run. */
    /**
     * Pages of the longest report the default page limit accepts (within the extraction's 5,000,000
     * characters): long enough that a run is still going seconds after its first saved progress.
     */
    public static final int LONG_REPORT_PAGES = 2000;

    public static byte[] report(int count) {
        return Pdfs.withPages("Report", IntStream.rangeClosed(1, count)
                .mapToObj(page -> IntStream.rangeClosed(1, 30)
                        .mapToObj(line -> line == 1 ? "Quarterly report, page " + page
                                : "Item " + line + ": the quick brown fox jumps over the lazy dog, amount " + line * 11 + ".50 EUR")
                        .toArray(String[]::new))
                .toArray(String[][]::new));
    }
}
