package org.docex.extraction.control.custom;

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

    /** Character reads left for one field, shared by all the texts its pattern searches. */
    static final class StepBudget {

        private long left;

        StepBudget(long steps) {
            this.left = steps;
        }

        void spend() {
            if (--left < 0) {
                throw new BudgetExceededException();
            }
        }
    }

    static final class BudgetExceededException extends RuntimeException {

        BudgetExceededException() {
            super("The pattern needs too much work on this document", null, false, false);
        }
    }
}
