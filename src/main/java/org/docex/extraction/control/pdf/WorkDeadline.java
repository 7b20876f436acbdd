package org.docex.extraction.control.pdf;

import java.time.Duration;

/** PDFBox ignores interrupts, so long work checks this deadline itself and gives up. */
public final class WorkDeadline {

    private long deadlineNanos;

    private WorkDeadline(long deadlineNanos) {
        this.deadlineNanos = deadlineNanos;
    }

    public static WorkDeadline after(Duration duration) {
        return new WorkDeadline(System.nanoTime() + duration.toNanos());
    }

    /** Moves the deadline later, for work bounded by a budget of its own (OCR, page by page). */
    public void extendBy(Duration duration) {
        deadlineNanos += duration.toNanos();
    }

    public void check() {
        if (System.nanoTime() - deadlineNanos > 0) {
            throw new DeadlineExceededException();
        }
    }

    public static final class DeadlineExceededException extends RuntimeException {

        DeadlineExceededException() {
            super("Extraction took longer than allowed", null, false, false);
        }
    }
}
