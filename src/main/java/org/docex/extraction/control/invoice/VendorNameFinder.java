package org.docex.extraction.control.invoice;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.keyvalue.LabelledValue;
import org.docex.extraction.control.keyvalue.LabelledValueReader;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextSegment;
import org.docex.extraction.control.values.LegalForm;
import org.docex.extraction.control.values.ParsedValue;
import org.docex.extraction.control.values.Vocabulary;
import org.docex.extraction.control.values.ValueType;

/**
 * The issuer of an invoice, tried in this order: a "From:"/"Von:" label; the largest line at the
 * top of the first page when it stands out from the body text; a sender line written small
 * above the recipient's address ("Muster GmbH · Hauptstr. 1 · Berlin"); a company name (a
 * legal form such as GmbH or Ltd) in the upper part of the first page outside the recipient's
 * block; the first line of the page.
 */
final class VendorNameFinder {

    static final Pattern LEGAL_FORM = LegalForm.PATTERN;
    /**
     * What heads the recipient's block: the buyer's headings of every language, and those of a delivery address.
     * A heading that starts with a word of three letters or fewer ("à", "An", "To", "Sr.") heads it only with a
     * colon or alone: "A & B Elektro GmbH", "An der Alster 5", "SR Technics" start other lines.
     */
    static final Pattern RECIPIENT_LABEL = recipientLabel();

    private static Pattern recipientLabel() {
        List<String> headings = InvoiceLabels.WORDS.entries("buyer");
        String words = headings.stream().filter(heading -> !startsShort(heading)).map(heading -> "(?:" + heading + ")")
                .collect(Collectors.joining("|"));
        String shortWords = headings.stream().filter(VendorNameFinder::startsShort).map(heading -> "(?:" + heading + ")")
                .collect(Collectors.joining("|"));
        return Pattern.compile("(?iu)^\\s*(?:(?:" + Vocabulary.foldAccents(words)
                + "|ship\\s*to|deliver\\s*to|lieferadresse|rechnungsempf(?:ae|a)nger|empf(?:ae|a)nger)(?![\\p{L}\\d])"
                + "|(?:" + shortWords + ")\\s*(?:[:：]|$))");
    }

    private static boolean startsShort(String heading) {
        int letters = 0;
        while (letters < heading.length() && Character.isLetter(heading.charAt(letters))) {
            letters++;
        }
        return letters <= 3;
    }
    /**
     * What is never the vendor's name: a document title ("Invoice", "Facture", "Rechnung 42", "A Factura") or a
     * label of the vocabulary, alone or with its value ("Issue Date", "Montant dû: 12,00").
     */
    // A lone capital before the title is the invoice's class in a box beside it (Argentina's "A Factura", "B Factura").
    private static final Pattern TITLE = Pattern.compile("(?iu)^\\s*(?:(?:(?-i:\\p{Lu})\\s+)?(?:" + Vocabulary.foldAccents(
            InvoiceLabels.WORDS.alternation("title") + "|receipt|quittung|faktura|factuur|fattura|factura")
            + ")(?![\\p{L}])|" + Vocabulary.foldAccents(labels()) + "(?![\\p{L}])\\s*(?:[:：#].*|[\\d€$£].*)?$)");
    // OCR reads a middle dot between spaced parts as a hyphen or a colon: " - " and " : " separate parts too.
    // A comma before a legal form belongs to the name: "Example, LLC", "Acme, Inc."; so do the commas of a
    // partnership's names ending in "and" ("Towne, Smith and Ebert", "Bartkowiak, Dróżdż & Górecki").
    // A hyphen before a conjunction is a word's elided end ("Patent- und Markenamt" typed "Patent - und"), no separator.
    private static final Pattern SEPARATOR = Pattern.compile("\\s+(?:[·•●|–:]\\s+|-\\s+(?!(?:und|oder|and|or|et|ou|en|of|y|e|o)\\s))|\\s*[·•●|]\\s*|,\\s+(?!(?:LLC|LLP|Inc\\.?|Ltd\\.?|Limited|"
            + "Corp\\.?|PLC|plc|GmbH|AG|KG|S\\.A\\.|SA|SARL|B\\.V\\.|BV|N\\.V\\.)(?![\\p{L}]))"
            + "(?!\\p{Lu}[\\p{L}'’-]*(?:,\\s+\\p{Lu}[\\p{L}'’-]*)*,?\\s+(?:and|&|und|et|y|e|en)\\s+\\p{Lu}[\\p{L}'’-]*\\s*$)");
    private static final Pattern SPACED_LETTERS = Pattern.compile("\\s*(?:\\p{L} ){3,}\\p{L}\\s*");
    // A label on the line of the name needs its colon: "Lieferant GmbH" is a name, "Lieferant: X GmbH" a label.
    private static final LabelledValueReader FROM_LABEL = new LabelledValueReader(VendorNameFinder::companyAtStart, false)
            .label(1, InvoiceLabels.WORDS.entries("seller").stream().map(label -> label + "(?=\\s*[:：])").toList());
    private static final double TOP_SHARE_FOR_HEADING = 0.3;
    private static final double TOP_SHARE_FOR_COMPANY = 0.45;
    private static final double STANDS_OUT_FACTOR = 1.2;
    /** How many lines under a recipient's label belong to the recipient's block. */
    static final int RECIPIENT_BLOCK_LINES = 5;

    private VendorNameFinder() {
    }

    private static String labels() {
        List<String> sections = List.of("invoice_number", "invoice_number.loose", "invoice_date", "invoice_date.loose",
                "due_date", "total_amount", "total_amount.loose", "subtotal_amount", "tax_amount", "vendor_vat_id",
                "purchase_order", "buyer", "seller");
        return "(?:" + String.join("|", sections.stream().map(InvoiceLabels.WORDS::alternation).toList()) + ")";
    }

    /** Whether {@code text} is a document title or a label (with or without its value), never a party's name. */
    static boolean isTitleOrLabel(String text) {
        return TITLE.matcher(unspaced(text)).find();
    }

    /** A web address alone: "www.broadgun.com", "https://acme.example/"; the company's site, not its name. */
    private static final Pattern WEB_ADDRESS = Pattern.compile("(?i)\\s*(?:https?://|www\\.)\\S+\\s*");

    static boolean isWebAddress(String text) {
        return WEB_ADDRESS.matcher(text).matches();
    }

    /** Whether {@code text} is written with a space between its letters ("F A C T U R A"). */
    static boolean isLetterSpaced(String text) {
        return SPACED_LETTERS.matcher(text).matches();
    }

    /** Text written with a space between its letters ("F A C T U R A") as the word it spells. */
    static String unspaced(String text) {
        return SPACED_LETTERS.matcher(text).matches() ? text.replace(" ", "") : text;
    }

    static Optional<ExtractedField> find(List<PageText> pages, String name) {
        if (pages.isEmpty() || pages.get(0).lines().isEmpty()) {
            return Optional.empty();
        }
        Optional<ExtractedField> block = PartyBlocks.name(pages.subList(0, 1), PartyBlocks.SELLER, name);
        if (block.isPresent()) {
            return block;
        }
        Optional<LabelledValue> labelled = FROM_LABEL.best(pages);
        if (labelled.isPresent()) {
            return Optional.of(labelled.get().toField(name, ExtractedField.TEMPLATE));
        }
        PageText first = pages.get(0);
        return FirstPageLines.of(first).heading(TOP_SHARE_FOR_HEADING, STANDS_OUT_FACTOR, TITLE)
                .map(line -> field(name, first, line, 0.8))
                .or(() -> FirstPageLines.of(first).senderLine(TOP_SHARE_FOR_COMPANY)
                        .map(segment -> field(name, first, segment, 0.75)))
                .or(() -> companyLine(first).map(segment -> field(name, first, segment, 0.7)))
                .or(() -> FirstPageLines.of(first).firstPlainLine(TITLE).map(line -> field(name, first, line, 0.4)));
    }

    /**
     * The first segment with a legal form in the upper part of the page, outside the recipient's
     * block: the lines under a recipient label, from the label's column rightwards (a sender's block
     * may stand to its left on the same lines).
     */
    private static Optional<TextSegment> companyLine(PageText page) {
        FirstPageLines lines = FirstPageLines.of(page);
        RecipientBlock recipient = new RecipientBlock();
        for (int i = 0; i < page.lines().size(); i++) {
            TextLine line = page.lines().get(i);
            if (!lines.isInTop(line, TOP_SHARE_FOR_COMPANY)) {
                break;
            }
            List<TextSegment> segments = line.segments();
            recipient.see(i, segments);
            for (TextSegment segment : segments) {
                if (!recipient.holds(i, segment) && LEGAL_FORM.matcher(firstPart(segment.text())).find()) {
                    return Optional.of(segment);
                }
            }
        }
        return Optional.empty();
    }

    private static ExtractedField field(String name, PageText page, TextSegment segment, double confidence) {
        String raw = segment.text();
        String vendor = firstPart(raw);
        return new ExtractedField(name, vendor, raw, ValueType.STRING.apiName(), confidence, ExtractedField.TEMPLATE,
                page.pageNumber(), segment.boxOf(0, vendor.length()));
    }

    /** A sender line such as "Muster GmbH · Hauptstr. 1 · Berlin" names the company first. */
    static String firstPart(String text) {
        String part = SEPARATOR.split(text.strip(), 2)[0].strip();
        // A name whose address runs on after its legal form ("AnyCompany Name Inc. 851 Any Street ...",
        // "MADISON Hotel GmbH Schaarsteinweg 4 20459 Hamburg") ends there.
        Matcher form = LEGAL_FORM.matcher(part);
        while (form.find()) {
            if (STREET_NUMBER_AFTER.matcher(part).region(form.end(), part.length()).lookingAt()) {
                return part.substring(0, form.end());
            }
        }
        return part;
    }

    /**
     * An address after a legal form: a house number before its street ("Inc. 851 Any Street"), or a
     * street before its house number and the postcode and town or the line's end ("GmbH Schaarsteinweg 4
     * 20459 Hamburg", "Ltd Harbour Road 12").
     */
    private static final Pattern STREET_NUMBER_AFTER = Pattern.compile("\\s+\\d{1,5}[a-z]?\\s+\\p{L}"
            + "|\\s+\\p{Lu}[\\p{L}.'’-]+(?:\\s\\p{L}[\\p{L}.'’-]+){0,3}\\s+\\d{1,4}[a-zA-Z]?(?:,?\\s+\\d{4,5}\\s+\\p{Lu}|\\s*$)");

    private static Optional<ParsedValue> companyAtStart(String text) {
        String stripped = text.strip();
        String company = firstPart(stripped);
        long letters = company.chars().filter(Character::isLetter).count();
        boolean titleOrLabel = TITLE.matcher(company).find() || company.endsWith(":");
        if (letters < 2 || company.length() > 80 || titleOrLabel) {
            return Optional.empty();
        }
        int start = text.indexOf(company);
        return Optional.of(new ParsedValue(company, ValueType.STRING, start, start + company.length(), 1.0));
    }
}
