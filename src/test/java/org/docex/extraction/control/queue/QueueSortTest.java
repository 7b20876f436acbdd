package org.docex.extraction.control.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.docex.errors.UnprocessableException;
import org.junit.jupiter.api.Test;

class QueueSortTest {

    @Test
    void keysSortAscendingOrAfterAMinusDescendingWithTheMissingLast() {
        assertEquals(" ORDER BY w.createdAt DESC, w.id DESC", QueueSort.of(null).orderBy());
        assertEquals(" ORDER BY w.createdAt ASC, w.id ASC", QueueSort.of("created_at").orderBy());
        assertEquals(" ORDER BY w.summary.dueDate ASC NULLS LAST, w.createdAt DESC, w.id DESC", QueueSort.of("due_date").orderBy());
        assertEquals(" ORDER BY w.summary.totalAmount DESC NULLS LAST, w.createdAt DESC, w.id DESC",
                QueueSort.of(" -total_amount ").orderBy());
    }

    @Test
    void anUnknownKeyIsRefused() {
        assertThrows(UnprocessableException.class, () -> QueueSort.of("price"));
        assertThrows(UnprocessableException.class, () -> QueueSort.of("--due_date"));
    }
}
