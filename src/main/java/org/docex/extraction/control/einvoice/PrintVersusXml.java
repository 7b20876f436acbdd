package org.docex.extraction.control.einvoice;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.docex.extraction.control.Check;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.values.IbanParser;
import org.docex.extraction.control.values.ParsedValue;

/**
 * The print of a hybrid e-invoice against its XML, field by field: the XML is the legally binding
 * copy, the person who pays looks at the print, and a print that names another account than the
 * XML is a known fraud route. Each check ({@code print_matches_xml.iban}, {@code .invoice_number},
 * {@code .invoice_date}, {@code .total_amount}, {@code .vendor_vat_id}, and {@code .amount_due} where an advance
 * makes it differ from the total) is {@code ok} where the page
 * shows the XML's value (in any of the ways a print writes it), a {@code mismatch} where the page
 * shows another value for the field, and {@code unavailable} where it shows none. Its detail is
 * written for the clerk who reads it.
 */
public final class PrintVersusXml {

    public static final String PREFIX = "print_matches_xml.";
    private static final Pattern IBAN_START = Pattern.compile("(?<![A-Za-z0-9])[A-Za-z]{2}\\d{2}");
    private static final Pattern SEPARATORS = Pattern.compile("[\\s.\\-/]");
    // Words, and a label's colon written against its value ("INVOICE:3854615").
    private static final Pattern WORD_BREAK = Pattern.compile("[\\s:]+");
    // An IBAN in groups of four is six words.
    private static final int MAX_WORDS_IN_A_VALUE = 8;

    private PrintVersusXml() {
    }

    /** The checks for the fields the XML states, in a fixed order: the IBAN first. */
    static List<Check> of(Map<String, ExtractedField> xml, Map<String, ExtractedField> printed, List<PageText> pages,
                          String amountDue) {
        List<Check> checks = new ArrayList<>();
        value(xml, "iban").ifPresent(iban -> checks.add(iban(iban, pages)));
        value(xml, "invoice_number").ifPresent(number -> checks.add(compared("invoice_number", "invoice number",
                number, value(printed, "invoice_number"), shows(pages, number))));
        value(xml, "invoice_date").ifPresent(date -> checks.add(compared("invoice_date", "invoice date",
                date, value(printed, "invoice_date"), datedOnPage(pages, date))));
        value(xml, "total_amount").ifPresent(total -> checks.add(compared("total_amount", "total",
                total, value(printed, "total_amount"), amountOnPage(pages, total))));
        value(xml, "vendor_vat_id").ifPresent(vatId -> checks.add(compared("vendor_vat_id", "VAT id",
                vatId, value(printed, "vendor_vat_id"), shows(pages, vatId))));
        if (amountDue != null) {
            // An advance paid: what is left to pay is not the total, and the print should say it too.
            checks.add(compared("amount_due", "amount due", amountDue, Optional.empty(), amountOnPage(pages, amountDue)));
        }
        return checks;
    }

    private static Check iban(String xmlIban, List<PageText> pages) {
        String name = PREFIX + "iban";
        Set<String> shown = new LinkedHashSet<>();
        for (PageText page : pages) {
            for (TextLine line : page.lines()) {
                String text = line.text();
                Matcher start = IBAN_START.matcher(text);
                while (start.find()) {
                    IbanParser.atStart(text, start.start()).map(ParsedValue::value).ifPresent(shown::add);
                }
            }
        }
        if (shown.contains(xmlIban)) {
            return Check.ok(name, "The page shows the e-invoice's IBAN " + grouped(xmlIban) + ".");
        }
        if (!shown.isEmpty()) {
            return Check.mismatch(name, "The page asks for payment to IBAN " + String.join(", ", shown.stream().map(PrintVersusXml::grouped).toList())
                    + ", but the e-invoice, which is the binding copy, names IBAN " + grouped(xmlIban)
                    + ". Confirm the account with the vendor, by a contact you already know, before paying.");
        }
        return Check.unavailable(name, "The page shows no IBAN; the e-invoice names " + grouped(xmlIban) + ".");
    }

    private static Check compared(String field, String words, String xmlValue, Optional<String> printed, boolean onPage) {
        String name = PREFIX + field;
        if (onPage || printed.filter(value -> same(value, xmlValue)).isPresent()) {
            return Check.ok(name, "The page shows the e-invoice's " + words + " " + xmlValue + ".");
        }
        if (printed.isPresent()) {
            return Check.mismatch(name, "The page shows the " + words + " " + printed.get() + ", but the e-invoice, which is the binding copy, says "
                    + xmlValue + ".");
        }
        return Check.unavailable(name, "The " + words + " was not found on the page; the e-invoice says " + xmlValue + ".");
    }

    private static boolean same(String printed, String xml) {
        try {
            return new BigDecimal(printed).compareTo(new BigDecimal(xml)) == 0;
        } catch (NumberFormatException notNumbers) {
            return compact(printed).equals(compact(xml));
        }
    }

    /**
     * Whether a line shows {@code value} as one word or as a few words in a row ("IE 3232631LH", "RE-2026-0042",
     * "INVOICE:3854615"), compared without spaces, dots, dashes and slashes.
     */
    private static boolean shows(List<PageText> pages, String value) {
        String wanted = compact(value);
        if (wanted.isEmpty()) {
            return false;
        }
        for (PageText page : pages) {
            for (TextLine line : page.lines()) {
                String[] words = WORD_BREAK.split(line.text().strip());
                for (int first = 0; first < words.length; first++) {
                    StringBuilder joined = new StringBuilder();
                    for (int last = first; last < words.length && last < first + MAX_WORDS_IN_A_VALUE; last++) {
                        joined.append(compact(words[last]));
                        if (joined.length() >= wanted.length()) {
                            if (joined.toString().equals(wanted)) {
                                return true;
                            }
                            break;
                        }
                    }
                }
            }
        }
        return false;
    }

    /** Whether the page writes the ISO date {@code iso} as invoices do: 2026-11-03, 03.11.2026, 03/11/2026, 11/03/2026, 3.11.26. */
    private static boolean datedOnPage(List<PageText> pages, String iso) {
        LocalDate date;
        try {
            date = LocalDate.parse(iso);
        } catch (DateTimeParseException e) {
            return false;
        }
        List<String> forms = List.of("yyyy-MM-dd", "dd.MM.yyyy", "d.M.yyyy", "dd/MM/yyyy", "MM/dd/yyyy", "d/M/yyyy", "M/d/yyyy",
                "dd.MM.yy", "dd-MM-yyyy", "yyyy/MM/dd").stream()
                .map(pattern -> date.format(DateTimeFormatter.ofPattern(pattern, Locale.ROOT))).toList();
        return pages.stream().flatMap(page -> page.lines().stream()).map(TextLine::text)
                .anyMatch(text -> forms.stream().anyMatch(form -> containsAsWord(text, form)));
    }

    /** Whether the page writes the amount {@code decimal}: 1345.89, 1,345.89, 1.345,89, 1 345,89, 1'345.89, 1345,89. */
    private static boolean amountOnPage(List<PageText> pages, String decimal) {
        BigDecimal amount;
        try {
            amount = new BigDecimal(decimal).setScale(2, RoundingMode.HALF_UP).abs();
        } catch (NumberFormatException | ArithmeticException e) {
            return false;
        }
        String plain = amount.toPlainString();
        String whole = plain.substring(0, plain.indexOf('.'));
        String cents = plain.substring(plain.indexOf('.') + 1);
        List<String> forms = new ArrayList<>();
        for (String group : List.of("", ",", ".", " ", "'", "\u00a0", "\u202f")) {
            String grouped = group.isEmpty() ? whole : groups(whole, group);
            for (String point : List.of(".", ",")) {
                if (!point.equals(group)) {
                    forms.add(grouped + point + cents);
                }
            }
        }
        return pages.stream().flatMap(page -> page.lines().stream()).map(TextLine::text)
                .anyMatch(text -> forms.stream().anyMatch(form -> containsAsWord(text, form)));
    }

    private static String groups(String whole, String separator) {
        StringBuilder grouped = new StringBuilder();
        for (int i = 0; i < whole.length(); i++) {
            if (i > 0 && (whole.length() - i) % 3 == 0) {
                grouped.append(separator);
            }
            grouped.append(whole.charAt(i));
        }
        return grouped.toString();
    }

    private static boolean containsAsWord(String text, String form) {
        int at = text.indexOf(form);
        while (at >= 0) {
            int end = at + form.length();
            boolean before = at == 0 || !Character.isDigit(text.charAt(at - 1)) && text.charAt(at - 1) != '.' && text.charAt(at - 1) != ',';
            boolean after = end == text.length() || !Character.isDigit(text.charAt(end))
                    && !(end + 1 < text.length() && (text.charAt(end) == '.' || text.charAt(end) == ',') && Character.isDigit(text.charAt(end + 1)));
            if (before && after) {
                return true;
            }
            at = text.indexOf(form, at + 1);
        }
        return false;
    }

    private static Optional<String> value(Map<String, ExtractedField> fields, String name) {
        return Optional.ofNullable(fields.get(name)).map(ExtractedField::value).filter(value -> !value.isBlank());
    }

    private static String compact(String text) {
        return SEPARATORS.matcher(text).replaceAll("").toUpperCase(Locale.ROOT);
    }

    /** An IBAN as it is printed: groups of four. */
    static String grouped(String iban) {
        return iban.replaceAll("(.{4})(?!$)", "$1 ");
    }
}
