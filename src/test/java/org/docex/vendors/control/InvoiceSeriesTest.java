package org.docex.vendors.control;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.logging.Logger;
import org.docex.extraction.control.realworld.RealWorldSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real invoice series (several invoices of one vendor: the development set's printed pages): each
 * later invoice is read with what the committed reviews of the earlier ones taught.
 */
class InvoiceSeriesTest {

    private static final Logger LOG = Logger.getLogger(InvoiceSeriesTest.class.getName());

    @TempDir
    Path dir;

    @Test
    void laterInvoicesOfAVendorAreReadWithWhatTheReviewsOfTheEarlierOnesTaught() throws Exception {
        assumeTrue(RealWorldSet.available(), "the development set is not there");
        InvoiceSeries.Score score = InvoiceSeries.run(InvoiceSeries.ofDevelopmentSet(), dir);
        String report = String.format("Invoice series: %d of %d committed fields right on later invoices (%.3f);"
                + " without the memory %d (%.3f)%n%s%s", score.right(), score.total(), score.share(), score.generic(),
                score.genericShare(), score.table(), score.misses());
        LOG.info(report);
        assertTrue(score.total() > 300, "the series hold " + score.total() + " fields to read" + report);
        assertTrue(score.share() >= 0.98, report);
        assertTrue(score.share() > score.genericShare(), report);
    }
}
