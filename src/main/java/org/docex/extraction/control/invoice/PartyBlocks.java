package org.docex.extraction.control.invoice;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.keyvalue.LabelText;
import org.docex.extraction.control.table.ColumnKind;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextSegment;
import org.docex.extraction.control.values.LegalForm;
import org.docex.extraction.control.values.ParsedValue;
import org.docex.extraction.control.values.Vocabulary;
import org.docex.extraction.control.values.ValueType;

/**
 * A party's address block: a heading alone on its line ("Seller", "Bill to:",
 * "Käufer/Leistungsempfänger", "Client :") and the lines under it, in its column. The party's name
 * is the block's "Name:" line where it has one ("Name: Kunden AG", "Raison sociale : ..."), else the
 * block's first line that reads as a name rather than as a "label: value" pair.
 */
final class PartyBlocks {

    static final double NAME_LINE = 0.9;
    static final double FIRST_LINE = 0.85;
    private static final int MAX_BLOCK_LINES = 8;
    /** A line of this many segments whose first in the block's column names an item table's column is the table's head. */
    private static final int MIN_TABLE_HEAD_CELLS = 3;
    /** The largest gap between the heading and the first line, and between lines, in font sizes. */
    private static final double MAX_GAP_IN_FONT_SIZES = 3.0;
    private static final double COLUMN_TOLERANCE = 6.0;
    /** The widest gap between a heading and the name beside it, in font sizes. */
    private static final double MAX_LABEL_GAP_IN_FONT_SIZES = 10.0;
    /** The largest gap between two lines of one name, in font sizes. */
    private static final double LINE_GAP_IN_FONT_SIZES = 0.8;
    /** A salutation alone on its line, before the name it belongs to. */
    private static final Pattern SALUTATION = Pattern.compile("\\s*(?:herrn?|frau|mr|mrs|ms|miss|dr|mme|mlle|monsieur|madame|m|"
            + "sr|sra|sig|sig\\.ra|dhr|mevr|mw|de\\s+heer|mevrouw)\\.?\\s*", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final String NAME_WORDS = "\\s*(?:" + InvoiceLabels.WORDS.alternation("name") + ")\\s*";
    /** "Name:" before the name on its line. */
    private static final Pattern NAME_LABEL = Pattern.compile(NAME_WORDS + "[:：]\\s*", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    /** "Nome / Nome Empresarial" alone on its line, over the name. */
    private static final Pattern NAME_LABEL_ALONE = Pattern.compile(NAME_WORDS + "[:：]?\\s*",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final Pattern ANY_HEADING = heading(InvoiceLabels.WORDS.entries("seller"),
            InvoiceLabels.WORDS.entries("buyer"));

    private PartyBlocks() {
    }

    /** The headings of the seller's and the buyer's blocks. */
    static final Pattern SELLER = heading(InvoiceLabels.WORDS.entries("seller"));
    static final Pattern BUYER = heading(InvoiceLabels.WORDS.entries("buyer"));

    /** The name in the first block under a {@code heading} on {@code pages}. */
    static Optional<ExtractedField> name(List<PageText> pages, Pattern heading, String field) {
        for (PageText page : pages) {
            List<TextLine> lines = page.lines();
            for (int l = 0; l < lines.size(); l++) {
                List<TextSegment> segments = lines.get(l).segments();
                for (int s = 0; s < segments.size(); s++) {
                    TextSegment segment = segments.get(s);
                    if (heading.matcher(segment.text()).matches()) {
                        Optional<ExtractedField> name = s + 1 < segments.size()
                                ? besideHeading(page, lines, l, segment, segments.get(s + 1), field) : Optional.empty();
                        if (name.isPresent()) {
                            return name;
                        }
                        name = nameUnder(page, lines, l, segment, field, heading == SELLER);
                        if (name.isPresent()) {
                            return name;
                        }
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The name beside its heading, with the rest of the block under the name ("TO:   Marcel K Schaefer"
     * over "Waßmannsdorfer Chaussee"): the segment right of a heading that ends with its colon, a
     * label's distance away (not the next column's heading: "BILL TO ... SHIP TO"), where the next
     * line holds one that starts where it does.
     */
    private static Optional<ExtractedField> besideHeading(PageText page, List<TextLine> lines, int headingLine,
                                                         TextSegment heading, TextSegment beside, String field) {
        String label = heading.text().strip();
        double gap = beside.box().x0() - heading.box().x1();
        if (headingLine + 1 >= lines.size() || !(label.endsWith(":") || label.endsWith("："))
                || gap > MAX_LABEL_GAP_IN_FONT_SIZES * Math.max(1, heading.fontSize())
                || ANY_HEADING.matcher(beside.text()).matches() || !isName(beside.text())) {
            return Optional.empty();
        }
        return alignedIn(lines.get(headingLine + 1), beside).map(under -> field(page, field, beside, 0, FIRST_LINE));
    }

    private static Optional<ExtractedField> nameUnder(PageText page, List<TextLine> lines, int headingLine,
                                                     TextSegment heading, String field, boolean seller) {
        BoundingBox column = heading.box();
        double lastBottom = column.y1();
        double size = Math.max(1, heading.fontSize());
        int taken = 0;
        for (int l = headingLine + 1; l < lines.size() && taken < MAX_BLOCK_LINES; l++) {
            TextLine line = lines.get(l);
            if (line.box().y0() - lastBottom > MAX_GAP_IN_FONT_SIZES * size) {
                break;
            }
            List<TextSegment> segments = line.segments();
            for (int s = 0; s < segments.size(); s++) {
                TextSegment segment = segments.get(s);
                if (!inColumn(segment, column)) {
                    continue;
                }
                taken++;
                lastBottom = segment.box().y1();
                // Another party's heading, or the head of the item table ("Articulo  Unid.  Descripción ..."): the block has ended.
                if (ANY_HEADING.matcher(segment.text()).matches()
                        || segments.size() >= MIN_TABLE_HEAD_CELLS && isColumnHead(segment.text())) {
                    return Optional.empty();
                }
                Matcher label = NAME_LABEL.matcher(segment.text());
                if (label.lookingAt()) {
                    if (label.end() < segment.text().length()) {
                        return Optional.of(field(page, field, segment, label.end(), NAME_LINE));
                    }
                    if (s + 1 < segments.size()) {
                        TextSegment value = segments.get(s + 1);
                        // A two-line value beside a label set at its middle: its first line stands above, alone.
                        TextLine previous = lines.get(l - 1);
                        Optional<TextSegment> above = l > headingLine + 1 ? alignedIn(previous, value) : Optional.empty();
                        return Optional.of(above.filter(first -> previous.segments().size() == 1)
                                .map(first -> joined(page, field, first, value, NAME_LINE))
                                .orElseGet(() -> field(page, field, value, 0, NAME_LINE)));
                    }
                }
                if (NAME_LABEL_ALONE.matcher(segment.text()).matches()) {
                    // The label over its value: "Nome / Nome Empresarial" above the name.
                    Optional<TextSegment> below = l + 1 < lines.size() ? alignedIn(lines.get(l + 1), segment) : Optional.empty();
                    Optional<ExtractedField> name = below.filter(value -> isName(value.text()))
                            .map(value -> field(page, field, value, 0, NAME_LINE));
                    if (name.isPresent()) {
                        return name;
                    }
                }
                if (isName(segment.text())) {
                    // The block's first name-like line is the name; "Name:" lines count only before it ("Nummer: 1", "Name: X").
                    // It goes on on the next line after a salutation alone ("Herrn" / "Max Mustermann"), and a
                    // seller's where only the next line has the legal form ("MVM Musterhafter" / "Versicherungsverein
                    // a.G."); under a buyer's heading that is a person and the company ("John Doe" / "Acme Corp").
                    Optional<TextSegment> next = l + 1 < lines.size() ? alignedIn(lines.get(l + 1), segment) : Optional.empty();
                    return Optional.of(next.filter(second -> continuesName(segment.text(), second.text(), seller))
                            .map(second -> joined(page, field, segment, second, FIRST_LINE))
                            .orElseGet(() -> field(page, field, segment, 0, FIRST_LINE)));
                }
                break;
            }
        }
        return Optional.empty();
    }

    /** The segment of {@code line} that starts where {@code segment} does, if the two lines touch. */
    private static Optional<TextSegment> alignedIn(TextLine line, TextSegment segment) {
        BoundingBox box = segment.box();
        double size = Math.max(1, segment.fontSize());
        return line.segments().stream()
                .filter(other -> Math.abs(other.box().x0() - box.x0()) <= COLUMN_TOLERANCE)
                .filter(other -> Math.max(other.box().y0() - box.y1(), box.y0() - other.box().y1()) <= LINE_GAP_IN_FONT_SIZES * size)
                .findFirst();
    }

    private static boolean continuesName(String first, String second, boolean seller) {
        String next = second.strip();
        if (!isName(next) || next.chars().anyMatch(Character::isDigit)) {
            return false;
        }
        return SALUTATION.matcher(first).matches()
                || seller && !LegalForm.PATTERN.matcher(first).find() && LegalForm.PATTERN.matcher(next).find();
    }

    /**
     * A salutation alone on its line ("Herrn", "Mme") and the name on the line under it, as one name
     * ("Herrn Max Mustermann"), as a window envelope's recipient is written; empty where {@code first}
     * is no salutation alone or no name stands under it.
     */
    static Optional<ExtractedField> afterSalutation(PageText page, TextSegment first, String field, double confidence) {
        if (!SALUTATION.matcher(first.text()).matches()) {
            return Optional.empty();
        }
        List<TextLine> lines = page.lines();
        for (int l = 0; l + 1 < lines.size(); l++) {
            if (lines.get(l).segments().contains(first)) {
                return alignedIn(lines.get(l + 1), first)
                        .filter(second -> continuesName(first.text(), second.text(), false))
                        .map(second -> joined(page, field, first, second, confidence));
            }
        }
        return Optional.empty();
    }

    private static ExtractedField joined(PageText page, String field, TextSegment first, TextSegment second, double confidence) {
        String value = first.text().strip() + " " + VendorNameFinder.firstPart(second.text());
        return new ExtractedField(field, value, first.text().strip() + "\n" + second.text().strip(), ValueType.STRING.apiName(),
                confidence, ExtractedField.TEMPLATE, page.pageNumber(), first.box().union(second.box()));
    }

    // A segment that starts in the heading's column: at its left edge, or within its width.
    private static boolean inColumn(TextSegment segment, BoundingBox column) {
        double x0 = segment.box().x0();
        return x0 >= column.x0() - COLUMN_TOLERANCE && x0 <= Math.max(column.x1(), column.x0() + 40);
    }

    private static boolean isName(String text) {
        String stripped = text.strip();
        if (isLabelAndValue(stripped)) {
            return false;
        }
        return InvoiceParties.name(stripped).isPresent();
    }

    private static ExtractedField field(PageText page, String field, TextSegment segment, int from, double confidence) {
        String text = segment.text();
        String value = VendorNameFinder.firstPart(text.substring(from));
        int start = text.indexOf(value, from);
        ParsedValue parsed = new ParsedValue(value, ValueType.STRING, start, start + value.length(), 1.0);
        return new ExtractedField(field, parsed.value(), text, ValueType.STRING.apiName(), confidence,
                ExtractedField.TEMPLATE, page.pageNumber(), segment.boxOf(parsed.start(), parsed.end()));
    }

    @SafeVarargs
    private static Pattern heading(List<String>... labels) {
        StringBuilder alternation = new StringBuilder();
        for (List<String> list : labels) {
            for (String label : list) {
                alternation.append(alternation.isEmpty() ? "" : "|").append("(?:").append(label).append(')');
            }
        }
        return Pattern.compile("\\s*(?:" + Vocabulary.foldAccents(
                alternation.toString()) + ")\\s*[:：]?\\s*", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    }

    /** A column's head ("Artículo", "Qty"), not a label with its colon ("Nombre:", which is also the French "number"). */
    private static boolean isColumnHead(String text) {
        String stripped = text.strip();
        return !stripped.endsWith(":") && !stripped.endsWith("：") && ColumnKind.named(stripped).isPresent();
    }

    /** Whether a phrase is a "label: value" pair (a label, a colon, something after it). */
    private static boolean isLabelAndValue(String text) {
        int colon = text.indexOf(':');
        return colon > 0 && colon < text.length() - 1 && LabelText.isLabelLike(text.substring(0, colon));
    }
}
