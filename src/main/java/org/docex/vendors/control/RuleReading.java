package org.docex.vendors.control;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.values.ParsedValue;
import org.docex.extraction.control.values.ValueType;
import org.docex.vendors.control.RuleLearning.Occurrence;
import org.docex.vendors.control.VendorRules.Reading;

/**
 * Reads a field on a new document with a learned rule: after or under the label, the value of the
 * learned type; where the label stands more than once, the value nearest the learned place. A rule
 * whose label or text is not on the document reads nothing: a field is never made up.
 */
final class RuleReading {

    /** A value under its label is at most this far from the label's middle, as a share of the page's width. */
    private static final double BELOW_DRIFT = 0.25;
    /** A value at a learned place is at most this far from it, as shares of the page's width and height. */
    private static final double PLACE_DRIFT_X = 0.15;
    private static final double PLACE_DRIFT_Y = 0.02;
    /** Characters that separate a label from its value ("Nr.: 123", "No. # 123"). */
    private static final String SEPARATORS = ":#.-–—/ \t";

    private RuleReading() {
    }

    static Optional<Reading> read(FieldRule rule, DocumentLines document) {
        List<Reading> found = switch (rule.relation()) {
            case LITERAL -> literal(rule, document);
            case RIGHT -> right(rule, document);
            case BELOW -> below(rule, document);
            case PLACE -> place(rule, document);
        };
        return found.stream().min(Comparator.comparingDouble(reading -> distance(rule, reading, document)));
    }

    private static List<Reading> literal(FieldRule rule, DocumentLines document) {
        List<Reading> found = new ArrayList<>();
        for (Occurrence occurrence : RuleLearning.occurrences(rule.literal(), ValueType.STRING, document)) {
            found.add(new Reading(rule.literal(), occurrence.raw(), occurrence.line().page(), occurrence.box()));
        }
        return found;
    }

    private static List<Reading> right(FieldRule rule, DocumentLines document) {
        List<Reading> found = new ArrayList<>();
        for (LineOnPage line : document.lines()) {
            for (int[] label : line.normal().findAll(rule.anchor())) {
                valueFrom(rule, line, label[1], document).ifPresent(found::add);
            }
        }
        return found;
    }

    /** The first value of the rule's type at or after {@code from} on the line (a text: its learned number of words). */
    private static Optional<Reading> valueFrom(FieldRule rule, LineOnPage line, int from, DocumentLines document) {
        String text = line.text();
        if (rule.type() == ValueType.STRING) {
            int start = from;
            while (start < text.length() && SEPARATORS.indexOf(text.charAt(start)) >= 0) {
                start++;
            }
            LineWords words = line.words();
            int end = -1;
            int taken = 0;
            for (int[] span : words.spans()) {
                if (span[0] >= start && taken < rule.words()) {
                    end = span[1];
                    taken++;
                }
            }
            while (end > start && ",;:".indexOf(text.charAt(end - 1)) >= 0) {
                end--;
            }
            return end > start ? Optional.of(reading(text.substring(start, end), line, start, end)) : Optional.empty();
        }
        return ValueCandidates.in(text, rule.type(), document.order(), from).stream().findFirst()
                .map(value -> reading(value, line));
    }

    private static List<Reading> below(FieldRule rule, DocumentLines document) {
        List<Reading> found = new ArrayList<>();
        for (LineOnPage labelLine : document.lines()) {
            for (int[] label : labelLine.normal().findAll(rule.anchor())) {
                double middle = labelLine.xAt((label[0] + label[1]) / 2);
                under(rule, labelLine, middle, document).ifPresent(found::add);
            }
        }
        return found;
    }

    /** In the nearest lines under the label, the value whose middle is nearest the label's. */
    private static Optional<Reading> under(FieldRule rule, LineOnPage labelLine, double middle, DocumentLines document) {
        double height = Math.max(1, labelLine.box().height());
        double drift = BELOW_DRIFT * labelLine.pageWidth();
        List<LineOnPage> lines = document.lines().stream()
                .filter(line -> line.page() == labelLine.page() && line.box().y0() >= labelLine.box().y0() + height / 2
                        && line.box().y0() - labelLine.box().y1() <= RuleLearning.BELOW_REACH * height
                        && line.box().x0() - drift < middle && line.box().x1() + drift > middle)
                .sorted(Comparator.comparingDouble(line -> line.box().y0()))
                .toList();
        for (LineOnPage line : lines) {
            Optional<Reading> nearest = candidates(rule, line, document).stream()
                    .filter(reading -> Math.abs(centre(reading.box()) - middle) <= drift)
                    .min(Comparator.comparingDouble(reading -> Math.abs(centre(reading.box()) - middle)));
            if (nearest.isPresent()) {
                return nearest;
            }
        }
        return Optional.empty();
    }

    private static List<Reading> place(FieldRule rule, DocumentLines document) {
        List<Reading> found = new ArrayList<>();
        for (LineOnPage line : document.lines()) {
            if (line.page() != rule.page()) {
                continue;
            }
            for (Reading reading : candidates(rule, line, document)) {
                double dx = Math.abs(centre(reading.box()) / line.pageWidth() - rule.x());
                double dy = Math.abs((reading.box().y0() + reading.box().y1()) / 2 / line.pageHeight() - rule.y());
                if (dx <= PLACE_DRIFT_X && dy <= PLACE_DRIFT_Y) {
                    found.add(reading);
                }
            }
        }
        return found;
    }

    /** Every value of the rule's type on the line (a text: each run of its learned number of words). */
    private static List<Reading> candidates(FieldRule rule, LineOnPage line, DocumentLines document) {
        if (rule.type() != ValueType.STRING) {
            return ValueCandidates.in(line.text(), rule.type(), document.order(), 0).stream()
                    .map(value -> reading(value, line)).toList();
        }
        LineWords words = line.words();
        List<Reading> found = new ArrayList<>();
        for (int i = 0; i + rule.words() <= words.size(); i++) {
            int start = words.spans().get(i)[0];
            int end = words.spans().get(i + rule.words() - 1)[1];
            found.add(reading(line.text().substring(start, end), line, start, end));
        }
        return found;
    }

    private static Reading reading(ParsedValue value, LineOnPage line) {
        return new Reading(value.value(), value.rawIn(line.text()), line.page(), line.boxOf(value.start(), value.end()));
    }

    private static Reading reading(String text, LineOnPage line, int start, int end) {
        return new Reading(text.strip(), text, line.page(), line.boxOf(start, end));
    }

    private static double centre(BoundingBox box) {
        return (box.x0() + box.x1()) / 2;
    }

    /** How far a reading is from where the rule was learned, in shares of its own page; another page counts as far. */
    private static double distance(FieldRule rule, Reading reading, DocumentLines document) {
        LineOnPage sized = document.lines().stream().filter(line -> line.page() == reading.page()).findFirst()
                .orElse(document.lines().get(0));
        double dx = centre(reading.box()) / Math.max(1, sized.pageWidth()) - rule.x();
        double dy = (reading.box().y0() + reading.box().y1()) / 2 / Math.max(1, sized.pageHeight()) - rule.y();
        return Math.hypot(dx, dy) + (reading.page() == rule.page() ? 0 : 10 + Math.abs(reading.page() - rule.page()));
    }
}
