package org.docex.extraction.control.invoice;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextSegment;

/**
 * Postal address blocks at the top of a first page that carry no heading: a few lines set tight
 * one under the other, aligned at their left or right edge, the last of them (or the last but the
 * country) a postcode and town ("Securibox SARL / 27, Rue de Bassano / 75008 Paris / France").
 * Letters and invoices print the sender's and the recipient's this way; which is which is told by
 * the vendor's name.
 */
final class AddressBlocks {

    /**
     * A postcode and its town as a line of their own: "75008 Paris", "D-10115 Berlin", "1234 AB Aadorp", "DE 80333 München",
     * "DE - 81539 - Munich" (as hotel systems print a country's code),
     * "110 00 Praha 1" (a district's number after the town).
     */
    private static final Pattern POSTCODE_TOWN = Pattern.compile(
            "\\s*" + FirstPageLines.POSTCODE + "(?:\\s+-)?\\s+\\p{Lu}[\\p{L}.'’ -]{1,40}(?:\\s*\\(\\p{L}{1,20}\\))?(?:\\s\\d{1,2})?\\s*");
    /** The United Kingdom's postcodes and Canada's (not Ireland's Eircodes: "K240012" is a customer number as often). */
    private static final String POSTCODE_OF_LETTERS = "[A-Z]{1,2}\\d[A-Z\\d]?\\s?\\d[A-Z]{2}|[A-Z]\\d[A-Z]\\s?\\d[A-Z]\\d";
    /**
     * A town before its postcode, as the United States, the United Kingdom and some letterheads
     * write it: "Fremont CA 94538", "New York, NY 10010", "London SW1A 1AA", "Toronto, ON M5V 3L9", "Marseille 13009",
     * "Mumbai - 400 001", "Singapore 018956".
     * Counted only under a street line (one with a house number): "Invoice 12345" has none above it.
     */
    private static final Pattern TOWN_POSTCODE = Pattern.compile("\\s*\\p{Lu}[\\p{L}.'’ -]{1,40}?(?:,?\\s+(?:[A-Z]{2}\\s+)?|\\s*-\\s*)"
            + "(?:\\d{4,5}(?:-\\d{4})?|\\d{3}\\s?\\d{3}|" + POSTCODE_OF_LETTERS + ")\\s*");
    /** A postcode of letters and digits on a line of its own, under its town: "SW1A 1AA", "M5V 3L9". */
    private static final Pattern POSTCODE_ALONE = Pattern.compile("\\s*(?:" + POSTCODE_OF_LETTERS + ")\\s*");
    private static final Pattern HOUSE_NUMBER = Pattern.compile("\\d");
    private static final double TOP_SHARE = 0.55;
    private static final int MAX_LINES_ABOVE_TOWN = 5;
    /** The widest gap between two lines of one block, in font sizes. */
    private static final double MAX_GAP_IN_FONT_SIZES = 1.0;
    private static final double ALIGNMENT_TOLERANCE = 3.0;
    /** The shortest street or town line that tells a block's address from another's ("1 Rue" would not). */
    private static final int MIN_SHARED_ADDRESS = 8;

    /** One block: its lines top-down, the postcode and town the last of them. */
    record Block(List<TextSegment> lines) {

        /** The block's first line that reads as a name (a street and town alone name nobody). */
        Optional<TextSegment> nameLine() {
            return lines.stream().filter(line -> InvoiceParties.name(line.text()).isPresent()).findFirst();
        }

        boolean names(String name) {
            return lines.stream().anyMatch(line -> line.text().contains(name));
        }

        /**
         * Whether the street and the postcode and town ending this block both stand in {@code others} too
         * (outside this block): the same address, not only the same town.
         */
        boolean sharesAddressWith(List<TextSegment> others) {
            if (lines.size() < 2) {
                return false;
            }
            List<TextSegment> outside = others.stream()
                    .filter(other -> lines.stream().noneMatch(line -> line.box().equals(other.box()))).toList();
            return lines.subList(lines.size() - 2, lines.size()).stream().map(line -> line.text().strip())
                    .allMatch(address -> address.length() >= MIN_SHARED_ADDRESS
                            && outside.stream().anyMatch(other -> other.text().contains(address)));
        }

        /** Whether this block starts below the last line of {@code other}. */
        boolean isBelow(Block other) {
            return lines.get(0).box().y0() >= other.lines.get(other.lines.size() - 1).box().y1();
        }
    }

    private AddressBlocks() {
    }

    /** The blocks on the upper part of {@code page}, top-down. */
    static List<Block> on(PageText page) {
        FirstPageLines top = FirstPageLines.of(page);
        List<TextLine> lines = page.lines();
        List<Block> blocks = new ArrayList<>();
        for (int l = 1; l < lines.size() && top.isInTop(lines.get(l), TOP_SHARE); l++) {
            for (TextSegment town : lines.get(l).segments()) {
                if (POSTCODE_TOWN.matcher(town.text()).matches()) {
                    blockEndingAt(lines, l, town).ifPresent(blocks::add);
                } else if (TOWN_POSTCODE.matcher(town.text()).matches() && !VendorNameFinder.isTitleOrLabel(town.text())) {
                    blockEndingAt(lines, l, town).filter(block -> hasStreetAbove(block, 1)).ifPresent(blocks::add);
                } else if (POSTCODE_ALONE.matcher(town.text()).matches()) {
                    // "12 High Street" / "London" / "EC1A 1BB": a town without digits under the street.
                    blockEndingAt(lines, l, town).filter(block -> hasStreetAbove(block, 2) && !hasStreetAbove(block, 1))
                            .ifPresent(blocks::add);
                }
            }
        }
        // "4557 De Silva St" over "Fremont, CA 94538" reads as a postcode and town too: one block, the longer.
        return blocks.stream().filter(block -> blocks.stream()
                .noneMatch(other -> other != block && other.lines().size() > block.lines().size()
                        && other.lines().containsAll(block.lines()))).toList();
    }

    /**
     * The block whose last line is {@code town}: the lines set right above it, each aligned with the one
     * below. A line with nothing over the block's column is another column's, set between two of its
     * lines on a baseline of its own ("Rechnungsnr: ..." beside the street), and is passed over.
     */
    private static Optional<Block> blockEndingAt(List<TextLine> lines, int townLine, TextSegment town) {
        List<TextSegment> block = new ArrayList<>(List.of(town));
        TextSegment below = town;
        for (int l = townLine - 1; l >= 0 && block.size() <= MAX_LINES_ABOVE_TOWN && l >= townLine - 2 * MAX_LINES_ABOVE_TOWN; l--) {
            Optional<TextSegment> above = alignedAbove(lines.get(l), below);
            if (above.isEmpty() && besideTheColumn(lines.get(l), below)) {
                continue;
            }
            if (above.isEmpty()) {
                break;
            }
            block.add(0, above.get());
            below = above.get();
        }
        return block.size() > 1 ? Optional.of(new Block(List.copyOf(block))) : Optional.empty();
    }

    /** Whether no segment of {@code line} stands over {@code column}'s width. */
    private static boolean besideTheColumn(TextLine line, TextSegment column) {
        return line.segments().stream().noneMatch(segment -> segment.box().x0() < column.box().x1() && column.box().x0() < segment.box().x1());
    }

    /** Whether the line {@code linesUp} lines above the block's last one has a house number. */
    private static boolean hasStreetAbove(Block block, int linesUp) {
        List<TextSegment> lines = block.lines();
        return lines.size() > linesUp && HOUSE_NUMBER.matcher(lines.get(lines.size() - 1 - linesUp).text()).find();
    }

    /** The segment of {@code line} set right above {@code below}, starting or ending where it does. */
    private static Optional<TextSegment> alignedAbove(TextLine line, TextSegment below) {
        BoundingBox box = below.box();
        double size = Math.max(1, below.fontSize());
        return line.segments().stream()
                .filter(segment -> Math.abs(segment.box().x0() - box.x0()) <= ALIGNMENT_TOLERANCE
                        || Math.abs(segment.box().x1() - box.x1()) <= ALIGNMENT_TOLERANCE)
                // Measured in the larger type of the two: a letterhead's name stands bigger over its address.
                .filter(segment -> box.y0() - segment.box().y1() <= MAX_GAP_IN_FONT_SIZES * Math.max(size, segment.fontSize()))
                .findFirst();
    }
}
