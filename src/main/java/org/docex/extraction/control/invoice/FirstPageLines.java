package org.docex.extraction.control.invoice;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.docex.extraction.control.keyvalue.LabelText;
import org.docex.extraction.control.table.ColumnKind;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.Separators;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextSegment;
import org.docex.extraction.control.text.TextToken;
import org.docex.extraction.control.values.Vocabulary;

/** Questions about the lines at the top of an invoice's first page. */
final class FirstPageLines {

    /** What separates the parts of a window envelope's sender line: "ACME GmbH · Hauptstr. 1 · 12345 Berlin". */
    static final Pattern SENDER_SEPARATOR = Pattern.compile("\\s+[:\u2013\u2014-]\\s+|\\s*[" + Separators.BULLETS + "]\\s*");
    /**
     * A postcode: "54321", "1234 AB" (Dutch), "D-10115", "DE 80333", "00-950" (Polish), "1000-001" (Portuguese),
     * "01310-100" (Brazilian), "110 00" (Czech, Slovak, Swedish, Greek).
     */
    static final String POSTCODE = "(?:[A-Z]{1,2}(?:\\s?-\\s?|\\s)?)?(?:\\d{2}-\\d{3}|\\d{4,5}-\\d{3}|\\d{3} \\d{2}|\\d{4,5})(?:\\s?[A-Z]{2})?";
    /** A postcode before its town: "54321 Potsdam", "75001 Paris", "1234 AB Aadorp", "D-10115 Berlin", "DE - 81539 - Munich". */
    private static final Pattern POSTCODE_TOWN = Pattern.compile("(?:^|\\s)" + POSTCODE + "(?:\\s+-)?\\s+\\p{Lu}\\p{L}+");

    /** The title alone on its line: "FACTURE", "Invoice", "Rechnung". */
    static final Pattern TITLE_ALONE = Pattern.compile("\\s*(?:" + Vocabulary.foldAccents(
            InvoiceLabels.WORDS.alternation("title")) + ")\\s*", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    /** A segment that is the document's title alone, and where it stands: its line's index in the page's lines and its own in the line. */
    record Title(int line, int segment, TextSegment text) {
    }

    private final PageText page;
    private final double pageBottom;
    private final double bodyFontSize;
    /** OCR's mean confidence in a segment's words under which they are a guess (a logo, a barcode read as letters). */
    private static final double READABLE = 0.5;

    private FirstPageLines(PageText page) {
        this.page = page;
        this.pageBottom = page.lines().stream().mapToDouble(line -> line.box().y1()).max().orElse(1);
        this.bodyFontSize = bodyFontSize(page);
    }

    /** The page's body type: the median of its lines' font sizes (0 on a page without lines). */
    static double bodyFontSize(PageText page) {
        double[] sizes = page.lines().stream().mapToDouble(TextLine::fontSize).sorted().toArray();
        return sizes.length == 0 ? 0 : sizes[sizes.length / 2];
    }

    static FirstPageLines of(PageText page) {
        return new FirstPageLines(page);
    }

    /** Whether the line lies in the top share of the page's text area. */
    boolean isInTop(TextLine line, double share) {
        return line.box().y0() <= pageBottom * share;
    }

    /** The segments in the top share of the page that hold the document's title alone, from the top. */
    List<Title> titlesAlone(double share) {
        List<Title> titles = new ArrayList<>();
        List<TextLine> lines = page.lines();
        for (int l = 0; l < lines.size() && isInTop(lines.get(l), share); l++) {
            List<TextSegment> segments = lines.get(l).segments();
            for (int s = 0; s < segments.size(); s++) {
                if (TITLE_ALONE.matcher(VendorNameFinder.unspaced(segments.get(s).text())).matches()) {
                    titles.add(new Title(l, s, segments.get(s)));
                }
            }
        }
        return titles;
    }

    /**
     * The biggest text near the top, if it stands out from the body text and is not the document's
     * title. On a page read by OCR, the highest that stands out: its sizes are boxes' heights, and a
     * receipt prints its total in double height under the shop's name.
     */
    Optional<TextSegment> heading(double share, double standsOutFactor, Pattern title) {
        TextSegment best = null;
        RecipientBlock recipient = new RecipientBlock();
        List<TextLine> lines = page.lines();
        for (int i = 0; i < lines.size(); i++) {
            TextLine line = lines.get(i);
            if (!isInTop(line, share)) {
                break;
            }
            List<TextSegment> segments = line.segments();
            recipient.see(i, segments);
            for (TextSegment segment : segments) {
                // The recipient's name may be printed larger than the sender's ("BILL TO" over a big name).
                boolean candidate = !recipient.holds(i, segment) && segment.fontSize() >= bodyFontSize * standsOutFactor
                        && !title.matcher(VendorNameFinder.unspaced(segment.text())).find() && isNameLike(segment)
                        && (best == null || !isOcr(segment));
                if (candidate && (best == null || segment.fontSize() > best.fontSize() + 0.1)) {
                    best = segment;
                }
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * A line split into three or more parts, the first a name, in smaller print than the body or
     * with a postcode and town among its parts ("Kerstin Humm • Musterstr. 1 • 54321 Potsdam").
     */
    Optional<TextSegment> senderLine(double share) {
        for (TextLine line : page.lines()) {
            if (!isInTop(line, share)) {
                break;
            }
            for (TextSegment segment : joinedAtSeparators(line.segments())) {
                String[] parts = SENDER_SEPARATOR.split(segment.text());
                boolean small = segment.fontSize() < bodyFontSize;
                if (parts.length >= 3 && (small || Arrays.stream(parts).anyMatch(part -> POSTCODE_TOWN.matcher(part).find()))
                        && isNameLike(parts[0]) && isReadable(segment)) {
                    return Optional.of(segment);
                }
            }
        }
        return Optional.empty();
    }

    /** A sender line set with wide gaps around its bullets comes as several phrases: "ACME GmbH", "●", "Hauptstr. 1", ... */
    private static List<TextSegment> joinedAtSeparators(List<TextSegment> segments) {
        List<TextSegment> joined = new ArrayList<>();
        List<TextToken> run = new ArrayList<>();
        boolean joinNext = false;
        for (TextSegment segment : segments) {
            boolean bullet = Separators.isBullet(segment.text());
            if (bullet && !run.isEmpty()) {
                run.addAll(segment.tokens());
                joinNext = true;
            } else if (joinNext) {
                run.addAll(segment.tokens());
                joinNext = false;
            } else {
                if (!run.isEmpty()) {
                    joined.add(new TextSegment(run));
                }
                run = new ArrayList<>(segment.tokens());
            }
        }
        if (!run.isEmpty()) {
            joined.add(new TextSegment(run));
        }
        return joined;
    }

    /** The first line's first segment that reads as a name: not a title, not a label, not in the recipient's block. */
    Optional<TextSegment> firstPlainLine(Pattern title) {
        RecipientBlock recipient = new RecipientBlock();
        for (int i = 0; i < page.lines().size(); i++) {
            List<TextSegment> segments = page.lines().get(i).segments();
            recipient.see(i, segments);
            TextSegment first = segments.get(0);
            if (!recipient.holds(i, first) && !title.matcher(VendorNameFinder.unspaced(first.text())).find() && isNameLike(first)
                    && first.text().indexOf(':') < 0) {
                return Optional.of(first);
            }
        }
        return Optional.empty();
    }

    /** As {@link #isNameLike(String)}, and read by OCR with some confidence: a logo or a barcode read as letters is no name. */
    private static boolean isNameLike(TextSegment segment) {
        return isNameLike(segment.text()) && isReadable(segment);
    }

    private static boolean isReadable(TextSegment segment) {
        return segment.tokens().stream().mapToDouble(TextToken::confidence).average().orElse(0) >= READABLE;
    }

    private static boolean isOcr(TextSegment segment) {
        return segment.tokens().stream().anyMatch(token -> token.confidence() < 1.0);
    }

    private static boolean isNameLike(String text) {
        if (text.strip().endsWith(":")) {
            // A label waiting for its value ("PAYABLE TO:", "Identifiant Internet :").
            return false;
        }
        if (VendorNameFinder.isLetterSpaced(text) || ColumnKind.isHeadingRow(text) || VendorNameFinder.isWebAddress(text)) {
            // A title set in spaced capitals ("F A C T U R A"), an item table's head ("Description Qty Amount"), a web address.
            return false;
        }
        long letters = text.chars().filter(Character::isLetter).count();
        return letters >= 2 && letters * 2 > text.replace(" ", "").length() && !LabelText.isValueLike(text)
                || VendorNameFinder.LEGAL_FORM.matcher(text).find();
    }
}
