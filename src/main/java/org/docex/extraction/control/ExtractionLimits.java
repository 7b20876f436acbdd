package org.docex.extraction.control;

import java.time.Duration;

/**
 * Bounds on the work one extraction may do, so that a hostile document fails or is cut short
 * instead of exhausting the heap or a thread.
 *
 * @param maxPages a document with more pages is refused
 * @param maxTextCharsPerPage text past this many characters on one page is dropped
 * @param maxTotalChars text past this many characters in the document is dropped
 *        (metadata {@code text_truncated} then says so)
 * @param maxRegexSteps character reads one custom pattern may make over the whole document;
 *        a pattern that needs more (catastrophic backtracking) yields no value
 * @param maxFormFields form fields past this many are ignored
 * @param maxProcessingTime a document still being read after this long is refused
 * @param maxMainMemoryBytes PDFBox buffers beyond this go to a temporary file
 */
public record ExtractionLimits(int maxPages, int maxTextCharsPerPage, long maxTotalChars, long maxRegexSteps,
                               int maxFormFields, Duration maxProcessingTime, long maxMainMemoryBytes) {

    public ExtractionLimits {
        if (maxPages < 1 || maxTextCharsPerPage < 1 || maxTotalChars < 1 || maxRegexSteps < 1
                || maxFormFields < 0 || maxProcessingTime == null || maxProcessingTime.isNegative()
                || maxMainMemoryBytes < 1) {
            throw new IllegalArgumentException("Extraction limits must be positive");
        }
    }

    public static ExtractionLimits defaults() {
        return new ExtractionLimits(1_000, 200_000, 5_000_000, 10_000_000, 5_000,
                Duration.ofMinutes(2), 16L * 1024 * 1024);
    }

    public ExtractionLimits withMaxPages(int pages) {
        return new ExtractionLimits(pages, maxTextCharsPerPage, maxTotalChars, maxRegexSteps, maxFormFields,
                maxProcessingTime, maxMainMemoryBytes);
    }

    public ExtractionLimits withMaxTextCharsPerPage(int chars) {
        return new ExtractionLimits(maxPages, chars, maxTotalChars, maxRegexSteps, maxFormFields,
                maxProcessingTime, maxMainMemoryBytes);
    }

    public ExtractionLimits withMaxRegexSteps(long steps) {
        return new ExtractionLimits(maxPages, maxTextCharsPerPage, maxTotalChars, steps, maxFormFields,
                maxProcessingTime, maxMainMemoryBytes);
    }

    public ExtractionLimits withMaxProcessingTime(Duration time) {
        return new ExtractionLimits(maxPages, maxTextCharsPerPage, maxTotalChars, maxRegexSteps, maxFormFields,
                time, maxMainMemoryBytes);
    }
}
