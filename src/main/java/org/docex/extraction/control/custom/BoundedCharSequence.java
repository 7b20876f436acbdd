package org.docex.extraction.control.custom;

import org.docex.extraction.control.pdf.WorkDeadline;

/**
 * Text for a regular expression to search that counts every character the matcher reads and
 * stops the search when the count passes a budget. Java's regex engine backtracks, so a pattern
 * such as {@code (a+)+$} can take exponential time; counting reads bounds it without threads.
 */
final class BoundedCharSequence implements CharSequence {

    private final CharSequence text;
    private final StepBudget budget;

    BoundedCharSequence(CharSequence text, StepBudget budget) {
        this.text = text;
        this.budget = budget;
    }

    @Override
    public char charAt(int index) {
        budget.spend();
        return text.charAt(index);
    }

    @Override
    public int length() {
        return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return text.subSequence(start, end).toString();
    }

    @Override
    public String toString() {
        return text.toString();
    }

    /**
     * Character reads left for one field, shared by all the texts its pattern searches. The
     * extraction's deadline is looked at every {@link #DEADLINE_EVERY} reads: a pattern's budget
     * must not let the extraction run on past it.
     */
    static final class StepBudget {

        static final int DEADLINE_EVERY = 1 << 14;

        private final WorkDeadline deadline;
        private long left;
        private int untilDeadlineCheck = DEADLINE_EVERY;

        StepBudget(long steps, WorkDeadline deadline) {
            this.left = steps;
            this.deadline = deadline;
        }

        void spend() {
            if (--left < 0) {
                throw new BudgetExceededException();
            }
            if (--untilDeadlineCheck == 0) {
                untilDeadlineCheck = DEADLINE_EVERY;
                deadline.check();
            }
        }
    }

    static final class BudgetExceededException extends RuntimeException {

        BudgetExceededException() {
            super("The pattern needs too much work on this document", null, false, false);
        }
    }
}
