package org.docex.vendors.control;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.values.ParsedValue;
import org.docex.extraction.control.values.ValueType;
import org.docex.vendors.control.FieldRule.Relation;

/**
 * Learns how a field is read from one committed value: finds the value on the pages, then the
 * label after which (on its line) or under which it stands. A text without digits (a name) is
 * learned as written; a value with neither label nor text as the place where it stands.
 */
final class RuleLearning {

    /** A label has at most this many words. */
    static final int MAX_ANCHOR_WORDS = 4;
    /** A label above a value stands within this many of the value line's heights. */
    static final double BELOW_REACH = 3.0;

    private RuleLearning() {
    }

    /** Where a value stands: characters {@code start} to {@code end} of a line. */
    record Occurrence(LineOnPage line, int start, int end) {

        double x() {
            return line.xAt((start + end) / 2);
        }

        double y() {
            return (line.box().y0() + line.box().y1()) / 2;
        }

        BoundingBox box() {
            return line.boxOf(start, end);
        }

        String raw() {
            return line.text().substring(start, end);
        }
    }

    /**
     * The rule for {@code value} of {@code type} on {@code document}; {@code machine} is where the
     * extraction read the same value, if it did. Empty when the value is not written on the pages.
     */
    static Optional<FieldRule> derive(String value, ValueType type, DocumentLines document, Optional<Placed> machine) {
        List<Occurrence> found = occurrences(value, type, document);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        Occurrence chosen = machine.flatMap(place -> found.stream().filter(place::holds).findFirst())
                .orElseGet(() -> best(found, type, document));
        LineOnPage line = chosen.line();
        double x = chosen.x() / line.pageWidth();
        double y = chosen.y() / line.pageHeight();
        int words = Math.max(1, LineWords.count(chosen.raw()));
        if (type == ValueType.STRING && !LineWords.hasDigit(value)) {
            return Optional.of(new FieldRule(type, Relation.LITERAL, "", words, value.strip(), line.page(), x, y));
        }
        Optional<String> right = rightAnchor(chosen);
        if (right.isPresent()) {
            return Optional.of(new FieldRule(type, Relation.RIGHT, right.get(), words, null, line.page(), x, y));
        }
        Optional<String> below = belowAnchor(chosen, document);
        if (below.isPresent()) {
            return Optional.of(new FieldRule(type, Relation.BELOW, below.get(), words, null, line.page(), x, y));
        }
        return Optional.of(type == ValueType.STRING
                ? new FieldRule(type, Relation.LITERAL, "", words, value.strip(), line.page(), x, y)
                : new FieldRule(type, Relation.PLACE, "", words, null, line.page(), x, y));
    }

    /** Where the extraction itself read a field: its page and box. */
    record Placed(int page, BoundingBox box) {

        boolean holds(Occurrence occurrence) {
            BoundingBox line = occurrence.line().box();
            double middle = (box.y0() + box.y1()) / 2;
            return occurrence.line().page() == page && middle >= line.y0() - 1 && middle <= line.y1() + 1;
        }
    }

    static List<Occurrence> occurrences(String value, ValueType type, DocumentLines document) {
        List<Occurrence> found = new ArrayList<>();
        String words = type == ValueType.STRING ? NormalText.words(value) : null;
        if (words != null && words.isEmpty()) {
            return found;
        }
        for (LineOnPage line : document.lines()) {
            if (words != null) {
                for (int[] at : line.normal().findAll(words)) {
                    found.add(new Occurrence(line, at[0], at[1]));
                }
                continue;
            }
            for (ParsedValue candidate : ValueCandidates.in(line.text(), type, document.order(), 0)) {
                if (ValueCandidates.same(type, candidate.value(), value)) {
                    found.add(new Occurrence(line, candidate.start(), candidate.end()));
                }
            }
        }
        return found;
    }

    /** A labelled place first; of equals, the last amount (the totals stand below the items), else the first. */
    private static Occurrence best(List<Occurrence> found, ValueType type, DocumentLines document) {
        Comparator<Occurrence> labelled = Comparator.comparingInt(occurrence ->
                rightAnchor(occurrence).isPresent() ? 2 : belowAnchor(occurrence, document).isPresent() ? 1 : 0);
        Occurrence best = found.get(0);
        for (Occurrence candidate : found) {
            int compared = labelled.compare(candidate, best);
            boolean later = type == ValueType.MONEY || type == ValueType.NUMBER;
            if (compared > 0 || (compared == 0 && later)) {
                best = candidate;
            }
        }
        return best;
    }

    /** The words before the value on its line, back to the previous value: "Rechnungs-Nr.:" gives "rechnungs nr". */
    static Optional<String> rightAnchor(Occurrence occurrence) {
        LineWords before = LineWords.of(occurrence.line().text().substring(0, occurrence.start()));
        List<String> label = new ArrayList<>();
        for (int i = before.size() - 1; i >= 0 && label.size() < MAX_ANCHOR_WORDS; i--) {
            String word = before.word(i);
            if (LineWords.hasDigit(word) || !LineWords.hasLetter(word) && !label.isEmpty()) {
                break;
            }
            if (LineWords.hasLetter(word)) {
                label.add(0, word);
            }
        }
        return anchor(String.join(" ", label));
    }

    /** The words of the nearest line above that stand over the value. */
    static Optional<String> belowAnchor(Occurrence occurrence, DocumentLines document) {
        LineOnPage line = occurrence.line();
        double height = Math.max(1, line.box().height());
        BoundingBox value = occurrence.box();
        double pad = Math.max(value.width(), 30) / 2;
        LineOnPage above = null;
        for (LineOnPage candidate : document.lines()) {
            boolean over = candidate.page() == line.page() && candidate.box().y1() <= line.box().y0() + height / 2
                    && line.box().y0() - candidate.box().y1() <= BELOW_REACH * height
                    && candidate.box().x0() < value.x1() + pad && candidate.box().x1() > value.x0() - pad;
            if (over && (above == null || candidate.box().y1() > above.box().y1())) {
                above = candidate;
            }
        }
        if (above == null) {
            return Optional.empty();
        }
        LineWords words = above.words();
        List<String> label = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            int[] span = words.spans().get(i);
            boolean overValue = above.xAt(span[1]) > value.x0() - pad && above.xAt(span[0]) < value.x1() + pad;
            if (overValue && label.size() < MAX_ANCHOR_WORDS) {
                label.add(words.word(i));
            }
        }
        if (label.stream().anyMatch(LineWords::hasDigit)) {
            return Optional.empty();
        }
        return anchor(String.join(" ", label));
    }

    private static Optional<String> anchor(String label) {
        String words = NormalText.words(label);
        return words.codePoints().filter(Character::isLetter).count() >= 2 ? Optional.of(words) : Optional.empty();
    }
}
