package org.docex.extraction.control.invoice;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.keyvalue.LabelledValue;
import org.docex.extraction.control.keyvalue.LabelledValueReader;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextSegment;
import org.docex.extraction.control.values.DateOrder;
import org.docex.extraction.control.values.ParsedValue;
import org.docex.extraction.control.values.ValueNormaliser;
import org.docex.extraction.control.values.ValueType;
import org.docex.extraction.control.values.VatIds;

/**
 * The invoice fields beyond the basics, from the print: subtotal, tax and tax rate from the totals
 * block, the vendor's VAT id, the buyer's name and the purchase order number.
 */
final class InvoiceParties {

    /** The most a value is trusted that could as well be the other party's. */
    static final double AMBIGUOUS_PARTY = 0.6;
    private static final int RECIPIENT_WITHIN_LINES = 3;
    private static final double RECIPIENT_DROP_IN_FONT_SIZES = 4;
    private static final double FOOTER_CONFIDENCE = 0.85;
    private static final double FOOTER_SHARE = 0.15;
    private static final int MIN_LINES_WITH_FOOTER = 8;
    /** The lines of a letterhead under the vendor's name, at most, and the widest gap between two of them. */
    private static final int LETTERHEAD_LINES = 6;
    private static final double LETTERHEAD_GAP_IN_FONT_SIZES = 1.5;
    /** Switzerland's business id (UID), which its VAT number is: "CHE-123.456.789", "CHE 123 456 789". */
    private static final String SWISS_UID = "CHE[-\\s.]?\\d{3}[.\\s]?\\d{3}[.\\s]?\\d{3}";
    private static final Pattern FOOTER_VAT_ID = Pattern.compile("(?<![\\p{L}])(?iu:" + InvoiceLabels.WORDS.alternation("vendor_vat_id")
            + ")\\s*[:.]?\\s*(?<id>" + SWISS_UID + "|[A-Z]{2}\\s?[0-9A-Z](?:[\\s.]?[0-9A-Z]){7,14})(?![0-9A-Za-z])");
    /** A VAT id with its country's prefix and nothing else ("ATU57991999", "DE 297308020"). */
    private static final Pattern LONE_VAT_ID = Pattern.compile("\\s*(?<id>[A-Z]{2}\\s?[0-9A-Z](?:[\\s.]?[0-9A-Z]){7,14})\\s*");
    /** A tax rate as printed ("19%", "7,00 %"); the rows of tax breakdowns (Totals, TaxRows) are told by it too. */
    static final String RATE = "\\d{1,2}(?:[.,]\\d{1,3})?\\s*%";
    /** The names of taxes in every language ("VAT", "MwSt.", "TVA"). */
    static final String TAX = InvoiceLabels.WORDS.alternation("tax");
    private static final Pattern TAX_WITH_RATE = Pattern.compile("(?iu)\\s*(?:" + TAX + "\\s*\\(?\\s*(?<rate>" + RATE
            + ")|(?:zzgl\\.?|zuz[üu]glich|plus|inkl\\.?|incl\\.?)\\s*(?<rate2>" + RATE + ")\\s*" + TAX
            + "|(?<rate3>" + RATE + ")\\s*" + TAX + "(?![\\p{L}]))");
    // With its country's prefix (DE123456789, FR 40 303265045, ESB12345674) or without (a national tax number after its label).
    /** Brazil's company number (CNPJ), "81.583.054/0001-29": its slash stays, as the number is written with it. */
    private static final String CNPJ = "\\d{2}\\.?\\d{3}\\.?\\d{3}/\\d{4}-?\\d{2}";
    private static final Pattern VAT_ID = Pattern.compile("(?<id>" + SWISS_UID + "|" + CNPJ + "|(?:[A-Z]{2}\\s?)?[0-9A-Z](?:[\\s.]?[0-9A-Z]){7,18})(?![0-9A-Za-z])");
    /** A word the label leaves before an id with its country's prefix: "VAT ID Number: UID DE294992073", "UID ATU12345678", "UID CHE-123.456.789". */
    private static final Pattern WORD_BEFORE_ID = Pattern.compile("(?i:uid|nr|no|number)\\.?\\s*:?\\s+(?=[A-Z]{2}[A-Z]?[-\\s]?\\d)");
    private static final Pattern GSTIN = Pattern.compile("\\d{2}[A-Z]{5}\\d{4}[A-Z][0-9A-Z]Z[0-9A-Z](?![0-9A-Za-z])");
    private static final Pattern TRAILING_WORD = Pattern.compile("(?<=\\d)(?:[\\s.][A-Z]{3,}|[A-Z]{4,})(?:[\\s.]?[0-9A-Z])*$|\\s[A-Z]{3,}(?:[\\s.]?[0-9A-Z])*$");
    private static final Pattern NOT_A_NAME = Pattern.compile(
            "(?iu)^(?:no\\.?|nr\\.?|number|id|#|nummer)(?![\\p{L}])|#|(?:nr\\.?|nummer|number)$|\\b(?:no\\.?|date|datum)$"
                    // An address block's heading alone: "Address", "Adresse", "Anschrift", "Indirizzo", "Dirección", "Adres".
                    + "|^(?:address|adresse|anschrift|indirizzo|direcci[óo]n|adres|endere[çc]o)$");

    private InvoiceParties() {
    }

    // Built once: a reader compiles a pattern per label of every language (amounts are read alike in either date order).
    private static final LabelledValueReader SUBTOTAL = new LabelledValueReader(
            text -> ValueNormaliser.atStart(ValueType.MONEY, text, DateOrder.DAY_FIRST), true)
            .label(1, InvoiceLabels.WORDS.entries("subtotal_amount"));
    private static final LabelledValueReader TAX_AMOUNT = new LabelledValueReader(
            text -> ValueNormaliser.atStart(ValueType.MONEY, text, DateOrder.DAY_FIRST), true)
            .label(1, InvoiceLabels.WORDS.entries("tax_amount"))
            .label(1, TAX + "(?:\\s*:?\\s*" + RATE + ")?", "(?:zzgl\\.?|zuz[üu]glich|plus)\\s*" + RATE + "\\s*" + TAX,
                    // "19% Mehrwertsteuer: 66,54": the whole phrase, not a rate column's "19 % UST (S)" in a table row.
                    RATE + "\\s*" + TAX + "(?=\\s*(?::|$))",
                    "(?:zzgl\\.?|zuz[üu]glich|plus)\\s*" + TAX + "(?:\\s*" + RATE + ")?");
    private static final LabelledValueReader VAT_ID_READER = new LabelledValueReader(InvoiceParties::vatId, false)
            .label(1, InvoiceLabels.WORDS.entries("vendor_vat_id"));
    private static final LabelledValueReader PURCHASE_ORDER = new LabelledValueReader(InvoiceNumberParser::atStart, false)
            .label(1, InvoiceLabels.WORDS.entries("purchase_order"));
    private static final LabelledValueReader BUYER = new LabelledValueReader(InvoiceParties::name, false)
            .label(1, InvoiceLabels.WORDS.entries("buyer").stream().map(InvoiceParties::alone).toList());

    static LabelledValueReader subtotal() {
        return SUBTOTAL;
    }

    static LabelledValueReader tax() {
        return TAX_AMOUNT;
    }

    /** The rate written with the tax ("VAT 19%", "USt. 19 %", "Tax (19%)", "zzgl. 19% MwSt.", "19% Mehrwertsteuer"), else tax / subtotal where that is a plain rate. */
    static Optional<ExtractedField> taxRate(List<PageText> pages, Optional<ExtractedField> tax, Optional<ExtractedField> subtotal) {
        for (PageText page : pages) {
            for (TextLine line : page.lines()) {
                for (TextSegment segment : line.segments()) {
                    Matcher matcher = TAX_WITH_RATE.matcher(segment.text());
                    if (matcher.lookingAt()) {
                        String group = matcher.group("rate") != null ? "rate" : matcher.group("rate2") != null ? "rate2" : "rate3";
                        String rate = matcher.group(group).replace("%", "").strip().replace(',', '.');
                        String value = new BigDecimal(rate).stripTrailingZeros().toPlainString();
                        return Optional.of(new ExtractedField("tax_rate", value, matcher.group(group), ValueType.NUMBER.apiName(),
                                0.85, ExtractedField.TEMPLATE, page.pageNumber(),
                                segment.boxOf(matcher.start(group), matcher.end(group))));
                    }
                }
            }
        }
        if (tax.isEmpty() || subtotal.isEmpty()) {
            return Optional.empty();
        }
        try {
            BigDecimal net = new BigDecimal(subtotal.get().value());
            if (net.signum() == 0) {
                return Optional.empty();
            }
            BigDecimal rate = new BigDecimal(tax.get().value()).multiply(BigDecimal.valueOf(100)).divide(net, 2, RoundingMode.HALF_UP);
            BigDecimal half = rate.multiply(BigDecimal.valueOf(2)).setScale(0, RoundingMode.HALF_UP).divide(BigDecimal.valueOf(2));
            if (rate.subtract(half).abs().compareTo(new BigDecimal("0.05")) > 0) {
                return Optional.empty();
            }
            return Optional.of(new ExtractedField("tax_rate", half.stripTrailingZeros().toPlainString(), null,
                    ValueType.NUMBER.apiName(), 0.6, ExtractedField.TEMPLATE, tax.get().page(), null));
        } catch (NumberFormatException | ArithmeticException e) {
            return Optional.empty();
        }
    }

    /**
     * The first labelled VAT id. Where the print labels two different ones (the buyer's in its address
     * block, the vendor's in the footer), the label does not say whose each is: the one read is then
     * no more than a guess, and says so. An id in the vendor's legal footer, else in its letterhead,
     * is the vendor's by where it stands, and comes first.
     */
    static Optional<ExtractedField> vendorVatId(List<PageText> pages, Optional<ExtractedField> vendor) {
        List<LabelledValue> candidates = VAT_ID_READER.candidates(pages);
        List<String> ids = candidates.stream().map(candidate -> candidate.value().value().replaceAll("[\\s.]", ""))
                .distinct().toList();
        Optional<ExtractedField> footer = footerVatId(pages);
        if (footer.isPresent()) {
            // Another id labelled elsewhere: most often the buyer's, but a template's footer may hold another's.
            boolean others = ids.stream().anyMatch(id -> !id.equals(footer.get().value()));
            return others ? footer.map(field -> new ExtractedField(field.name(), field.value(), field.raw(), field.type(),
                    AMBIGUOUS_PARTY, field.source(), field.page(), field.bbox())) : footer;
        }
        Optional<ExtractedField> letterhead = letterheadVatId(pages, vendor);
        if (letterhead.isPresent()) {
            return letterhead;
        }
        long distinct = ids.size();
        return VAT_ID_READER.bestOf(candidates)
                .map(value -> distinct > 1 ? new LabelledValue(value.value(), value.site(), Math.min(value.confidence(), AMBIGUOUS_PARTY))
                        : value)
                .map(value -> value.toField("vendor_vat_id", ExtractedField.TEMPLATE));
    }

    /**
     * The VAT id of the vendor's legal footer, where a company states its capital, register and VAT id
     * in running text ("SASU au capital de 200000 € - RCS Paris 123 456 789 - TVA FR40123456824"):
     * a labelled id with a country prefix whose check digits hold, on the last lines of a page. No
     * buyer's address block stands there, so it is the vendor's even where the buyer's id is printed too.
     */
    static Optional<ExtractedField> footerVatId(List<PageText> pages) {
        for (PageText page : pages) {
            List<TextLine> lines = page.lines();
            if (lines.size() < MIN_LINES_WITH_FOOTER) {
                continue;
            }
            double footerStart = lowerPartStart(page, FOOTER_SHARE);
            for (TextLine line : lines) {
                if (line.box().y0() < footerStart) {
                    continue;
                }
                List<TextSegment> segments = new ArrayList<>(line.segments());
                if (segments.size() > 1) {
                    // A scan's wide word gaps part a label from its id ("Umsatzsteuer-Identifikationsnummer DE" | "297308020."):
                    // the whole line after its phrases.
                    segments.add(new TextSegment(line.tokens()));
                }
                for (TextSegment segment : segments) {
                    Optional<ExtractedField> id = checkedFooterId(segment, page.pageNumber());
                    if (id.isPresent()) {
                        return id;
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<ExtractedField> checkedFooterId(TextSegment segment, int page) {
        Matcher matcher = FOOTER_VAT_ID.matcher(segment.text());
        while (matcher.find()) {
            String id = VatIds.withDigitLookAlikes(compact(matcher.group("id")));
            if (VatIds.checkDigitsHold(id).orElse(false)) {
                return Optional.of(vatIdField(id, matcher, segment, page));
            }
        }
        return Optional.empty();
    }

    /**
     * A labelled VAT id inside the vendor's letterhead, where it runs on in a line of the company's
     * particulars ("SIRET 812 345 678 00019 — TVA FR32812345678", "Musterfirma GmbH · USt-IdNr.
     * DE123456789"): on the vendor name's line or on a line of the block under it (set tight, starting
     * within the name's width), with a country prefix (the checks weigh its check digits). Standing under the
     * vendor's name, it is the vendor's where another labelled id (the buyer's, in its address block) is not.
     * Else an id alone on a line of the letterhead whose country's check digits hold.
     */
    static Optional<ExtractedField> letterheadVatId(List<PageText> pages, Optional<ExtractedField> vendor) {
        for (TextSegment segment : letterhead(pages, vendor)) {
            Matcher matcher = FOOTER_VAT_ID.matcher(segment.text());
            if (matcher.find()) {
                String id = VatIds.withDigitLookAlikes(compact(matcher.group("id")));
                // One whose check digits fail is still what the label says; the checks then doubt it.
                return Optional.of(vatIdField(id, matcher, segment, vendor.get().page()));
            }
        }
        // Without a label: an id alone on its line of the letterhead ("ATU57991999" under a café's address), its check digits holding.
        for (TextSegment segment : letterhead(pages, vendor)) {
            Matcher matcher = LONE_VAT_ID.matcher(segment.text());
            if (matcher.matches()) {
                String id = VatIds.withDigitLookAlikes(compact(matcher.group("id")));
                if (VatIds.checkDigitsHold(id).orElse(false)) {
                    return Optional.of(vatIdField(id, matcher, segment, vendor.get().page()));
                }
            }
        }
        return Optional.empty();
    }

    /** The vendor's VAT id {@code id}, read where {@code matcher}'s group "id" lies in {@code segment}. */
    private static ExtractedField vatIdField(String id, Matcher matcher, TextSegment segment, int page) {
        return new ExtractedField("vendor_vat_id", id, matcher.group("id"), ValueType.STRING.apiName(), FOOTER_CONFIDENCE,
                ExtractedField.TEMPLATE, page, segment.boxOf(matcher.start("id"), matcher.end("id")));
    }

    /**
     * The segments of the vendor's letterhead: on the vendor name's line and the lines set tight under
     * it (a few at most), those that start within the name's width. Empty where the vendor's name has
     * no place on a page.
     */
    static List<TextSegment> letterhead(List<PageText> pages, Optional<ExtractedField> vendor) {
        if (vendor.isEmpty() || vendor.get().bbox() == null || vendor.get().page() < 1 || vendor.get().page() > pages.size()) {
            return List.of();
        }
        BoundingBox name = vendor.get().bbox();
        List<TextLine> lines = pages.get(vendor.get().page() - 1).lines();
        int first = -1;
        for (int l = 0; l < lines.size() && first < 0; l++) {
            BoundingBox box = lines.get(l).box();
            if (box.y1() > name.y0() && box.y0() < name.y1()) {
                first = l;
            }
        }
        if (first < 0) {
            return List.of();
        }
        List<TextSegment> segments = new ArrayList<>();
        double bottom = lines.get(first).box().y1();
        for (int l = first; l < lines.size() && l < first + LETTERHEAD_LINES; l++) {
            TextLine line = lines.get(l);
            if (l > first && line.box().y0() - bottom > LETTERHEAD_GAP_IN_FONT_SIZES * line.fontSize()) {
                break;
            }
            bottom = Math.max(bottom, line.box().y1());
            line.segments().stream().filter(segment -> segment.box().x0() <= name.x1() && segment.box().x1() >= name.x0())
                    .forEach(segments::add);
        }
        return segments;
    }

    /** Where the lowest {@code share} of the page's text area starts (a footer, a payment slip). */
    static double lowerPartStart(PageText page, double share) {
        double top = page.lines().stream().mapToDouble(line -> line.box().y0()).min().orElse(0);
        double bottom = page.lines().stream().mapToDouble(line -> line.box().y1()).max().orElse(0);
        return bottom - share * (bottom - top);
    }

    static Optional<ExtractedField> purchaseOrder(List<PageText> pages) {
        return PURCHASE_ORDER.best(pages).map(value -> value.toField("purchase_order", ExtractedField.TEMPLATE));
    }

    /**
     * The buyer's name: the block under a heading such as "Bill to", "Käufer" or "Client" (its
     * "Name:" line, else its first line), a label with a colon, the first line under the small
     * sender line of a window envelope, or the first name of the one address block on the page that
     * is not the vendor's.
     */
    static Optional<ExtractedField> buyerName(List<PageText> pages, Optional<ExtractedField> vendor, VendorEvidence evidence) {
        List<PageText> first = pages.isEmpty() ? pages : pages.subList(0, 1);
        Optional<ExtractedField> labelled = PartyBlocks.name(first, PartyBlocks.BUYER, "buyer_name")
                .or(() -> BUYER.best(first)
                        .map(value -> value.toField("buyer_name", ExtractedField.TEMPLATE)));
        if (labelled.isPresent() || pages.isEmpty()) {
            return labelled;
        }
        PageText page = pages.get(0);
        Optional<TextSegment> recipient = FirstPageLines.of(page).senderLine(0.45)
                .flatMap(sender -> lineBelow(page, sender))
                .or(() -> vendor.flatMap(name -> recipientBlock(page, name.value(), letterhead(pages, vendor), evidence)));
        // A window envelope's recipient may start with a salutation alone on its line ("Herr" / "Karl E. Coyote").
        return recipient.flatMap(segment -> PartyBlocks.afterSalutation(page, segment, "buyer_name", AMBIGUOUS_PARTY))
                .or(() -> recipient.flatMap(segment -> name(segment.text()).map(value -> new ExtractedField("buyer_name",
                        value.value(), segment.text(), ValueType.STRING.apiName(), AMBIGUOUS_PARTY, ExtractedField.TEMPLATE,
                        page.pageNumber(), segment.boxOf(value.start(), value.end())))));
    }

    /**
     * The first name-like line of the page's one address block that does not hold the vendor's
     * name: the only block on the page, or the one below the vendor's block (a sender's address
     * stands above the recipient's; two blocks side by side do not say which is which unless the
     * vendor's own domain or footer names it), or of two blocks naming no vendor the lower. A block whose street and town its letterhead prints too
     * (a branch office's, "Geschäftsstelle Sonderkunden / Lilienthalallee 26 / 80786 München" beside
     * "Lilienthalallee 26, 80786 München") is the vendor's.
     */
    private static Optional<TextSegment> recipientBlock(PageText page, String vendor, List<TextSegment> letterhead,
                                                        VendorEvidence evidence) {
        List<AddressBlocks.Block> blocks = AddressBlocks.on(page).stream()
                .filter(block -> block.names(vendor) || !block.sharesAddressWith(letterhead)).toList();
        List<AddressBlocks.Block> vendors = blocks.stream().filter(block -> block.names(vendor)).toList();
        List<AddressBlocks.Block> others = blocks.stream()
                .filter(block -> !block.names(vendor) && block.nameLine().isPresent()).toList();
        boolean recipient = others.size() == 1
                && (vendors.isEmpty() || vendors.size() == 1 && (others.get(0).isBelow(vendors.get(0)) || evidence.names(vendor)));
        if (recipient) {
            return others.get(0).nameLine();
        }
        // Two blocks, neither naming the vendor as found (a logo's name, "swissötel TALLINN", over the company's
        // block): the sender's stands above the recipient's.
        boolean senderAbove = vendors.isEmpty() && others.size() == 2 && others.get(1).isBelow(others.get(0));
        return senderAbove ? others.get(1).nameLine() : Optional.empty();
    }

    // A label that ends its phrase or has a colon: "Customer:" but not the "Customer" of "Customer Corp Ltd".
    static String alone(String label) {
        return label + "(?=\\s*[:：]|\\s*$)";
    }

    /** The recipient's first line: the next segment under the sender line, within a few lines (a letterhead's column may come between). */
    private static Optional<TextSegment> lineBelow(PageText page, TextSegment sender) {
        List<TextLine> lines = page.lines();
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (lines.get(i).tokens().contains(sender.tokens().get(0))) {
                for (int j = i + 1; j < lines.size() && j <= i + RECIPIENT_WITHIN_LINES; j++) {
                    Optional<TextSegment> below = lines.get(j).segments().stream()
                            .filter(segment -> segment.overlapsHorizontally(sender, 2)).findFirst();
                    if (below.isPresent()) {
                        double drop = below.get().box().y0() - sender.box().y1();
                        double type = Math.max(sender.fontSize(), below.get().fontSize());
                        return drop <= RECIPIENT_DROP_IN_FONT_SIZES * Math.max(type, 1) ? below : Optional.empty();
                    }
                }
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    static Optional<ParsedValue> name(String text) {
        String stripped = text.strip();
        String company = VendorNameFinder.firstPart(stripped);
        long letters = company.chars().filter(Character::isLetter).count();
        long digits = company.chars().filter(Character::isDigit).count();
        // Three digits or more: an invoice number or a date in the next column, not the recipient's name; nor an e-mail address.
        if (letters < 2 || digits >= 3 || company.length() > 80 || company.contains(":")
                || NOT_A_NAME.matcher(company).find() || VendorNameFinder.isTitleOrLabel(company)
                || VendorNameFinder.isWebAddress(company) || company.contains("@")) {
            return Optional.empty();
        }
        int start = text.indexOf(company);
        return Optional.of(new ParsedValue(company, ValueType.STRING, start, start + company.length(), 1.0));
    }

    /** A VAT id as written, without its spaces, dots and the hyphen of a Swiss UID. */
    private static String compact(String written) {
        return written.replaceAll("[\\s.-]", "");
    }

    private static Optional<ParsedValue> vatId(String text) {
        Matcher matcher = VAT_ID.matcher(text.toUpperCase(Locale.ROOT));
        int from = 0;
        while (from < text.length() && Character.isWhitespace(text.charAt(from))) {
            from++;
        }
        Matcher word = WORD_BEFORE_ID.matcher(text);
        if (word.find(from) && word.start() == from) {
            from = word.end();
        }
        if (!matcher.find(from) || matcher.start() != from) {
            return Optional.empty();
        }
        String written = matcher.group("id");
        int end = matcher.end("id");
        Matcher gstin = GSTIN.matcher(written);
        if (gstin.lookingAt()) {
            // India's GSTIN holds the holder's PAN, five letters after the state's digits: no word to cut off.
            return Optional.of(new ParsedValue(gstin.group(), ValueType.STRING, matcher.start("id"), matcher.start("id") + gstin.end(), 1.0));
        }
        // A word after the number is not part of it ("06235763255 VAT RATE"): ids end in a digit, or in up to three
        // letters written with it (a Mexican RFC's "AAA010101AAA").
        Matcher trailing = TRAILING_WORD.matcher(written);
        if (trailing.find()) {
            end -= written.length() - trailing.start();
            written = written.substring(0, trailing.start());
        }
        String id = VatIds.withDigitLookAlikes(compact(written));
        if (id.chars().filter(Character::isDigit).count() < 5) {
            return Optional.empty();
        }
        return Optional.of(new ParsedValue(id, ValueType.STRING, matcher.start("id"), end, 1.0));
    }
}
