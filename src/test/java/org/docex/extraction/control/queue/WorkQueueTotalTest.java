package org.docex.extraction.control.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A page's total is read from the counts per status: those the filter's status criteria let through. */
class WorkQueueTotalTest {

    private static final Map<String, Long> COUNTS = Map.of("queued", 1L, "running", 2L, "extracted", 40L, "in_review", 7L,
            "committed", 300L, "rejected", 5L, "failed", 3L);

    @Test
    void theTotalAddsTheCountsOfTheStatusesTheFilterAdmits() {
        assertEquals(358, total(null, null));
        assertEquals(47, total(null, "true"));
        assertEquals(311, total(null, "false"));
        assertEquals(300, total("committed", null));
        assertEquals(0, total("committed", "true"), "committed does not need review");
        assertEquals(7, total("in_review", "true"));
    }

    private static long total(String status, String needsReview) {
        QueueFilter filter = QueueFilter.of(new QueueFilter.Parameters(null, status, needsReview, null, null, null, null, null));
        return WorkQueue.total(filter, COUNTS);
    }
}
