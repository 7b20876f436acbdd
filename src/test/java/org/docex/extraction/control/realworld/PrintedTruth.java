package org.docex.extraction.control.realworld;

import java.math.BigDecimal;
import java.text.DateFormatSymbols;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.ExtractionResult;
import org.docex.extraction.control.PageResult;

/**
 * The truth of a hybrid e-invoice for reading its print: what its XML says (as docex reads the XML,
 * which the development set checks field by field), kept only where the printed page shows it.
 * An XML carries values a print need not show (a buyer's reference, the IBAN of a direct debit);
 * a field counts when its value appears in the page text in one of the ways invoices write it.
 */
public final class PrintedTruth {

    private static final Map<String, String> SIGN_OF = Map.of("EUR", "€", "USD", "$", "GBP", "£", "JPY", "¥", "INR", "₹");
    private static final Pattern LINE_FIELD = Pattern.compile("line_items\\.(\\d+)\\.(amount|quantity|unit_price)");

    private PrintedTruth() {
    }

    /** The XML's fields that the print shows, by name. */
    public static Map<String, String> fields(ExtractionResult withXml, String language) {
        String text = pageText(withXml);
        Map<String, String> expected = new LinkedHashMap<>();
        for (ExtractedField field : withXml.fields()) {
            if (field.source().equals(ExtractedField.EMBEDDED_XML) && !field.name().startsWith("line_items.")
                    && !expected.containsKey(field.name()) && shown(field.name(), field.value(), text, language)) {
                expected.put(field.name(), field.name().endsWith("_amount") ? signAsPrinted(field.value(), text) : field.value());
            }
        }
        return expected;
    }

    /** The XML's line items (amount, quantity and unit price), when the print shows every line's amount. */
    public static List<Map<String, String>> lines(ExtractionResult withXml) {
        String text = pageText(withXml);
        Map<Integer, Map<String, String>> byLine = new TreeMap<>();
        for (ExtractedField field : withXml.fields()) {
            Matcher name = LINE_FIELD.matcher(field.name());
            if (field.source().equals(ExtractedField.EMBEDDED_XML) && name.matches()) {
                byLine.computeIfAbsent(Integer.parseInt(name.group(1)), n -> new LinkedHashMap<>())
                        .put(name.group(2), field.value());
            }
        }
        List<Map<String, String>> lines = new ArrayList<>(byLine.values());
        boolean allShown = !lines.isEmpty() && lines.stream()
                .allMatch(line -> line.containsKey("amount") && amountShown(line.get("amount"), text));
        return allShown ? lines : List.of();
    }

    private static String pageText(ExtractionResult result) {
        StringBuilder text = new StringBuilder();
        for (PageResult page : result.pages()) {
            text.append(page.text()).append('\n');
        }
        return text.toString();
    }

    static boolean shown(String field, String value, String text, String language) {
        if (field.endsWith("_amount")) {
            return amountShown(value, text);
        }
        if (field.endsWith("_date")) {
            return dateShown(value, text, language);
        }
        if (field.equals("currency")) {
            return text.contains(value) || SIGN_OF.containsKey(value) && text.contains(SIGN_OF.get(value));
        }
        return compact(text).contains(compact(value));
    }

    private static boolean amountShown(String value, String text) {
        String spaceless = spaceless(text);
        return printedForms(value).stream().anyMatch(spaceless::contains);
    }

    /**
     * A credit note's XML gives its amounts positive where its print writes them with a minus: the
     * print's sign counts when the amount is printed only with it.
     */
    private static String signAsPrinted(String value, String text) {
        String spaceless = spaceless(text);
        boolean anyPlain = false;
        boolean anyNegative = false;
        for (String form : printedForms(value)) {
            for (int at = spaceless.indexOf(form); at >= 0; at = spaceless.indexOf(form, at + 1)) {
                boolean negative = at > 0 && "-−".indexOf(spaceless.charAt(at - 1)) >= 0;
                anyNegative |= negative;
                anyPlain |= !negative;
            }
        }
        return anyNegative && !anyPlain && !value.startsWith("-") ? "-" + value : value;
    }

    private static List<String> printedForms(String value) {
        BigDecimal amount;
        try {
            amount = new BigDecimal(value).abs().setScale(2, java.math.RoundingMode.HALF_UP);
        } catch (NumberFormatException | ArithmeticException e) {
            return List.of();
        }
        String plain = amount.toPlainString();
        String whole = plain.substring(0, plain.indexOf('.'));
        String cents = plain.substring(plain.indexOf('.') + 1);
        String grouped = whole.replaceAll("\\B(?=(\\d{3})+$)", "\u0000");
        List<String> forms = new ArrayList<>();
        for (String group : List.of("", ".", ",", "'", "’")) {
            for (String decimal : List.of(".", ",")) {
                if (!group.equals(decimal)) {
                    forms.add(grouped.replace("\u0000", group) + decimal + cents);
                }
            }
        }
        // Whole amounts printed without cents ("1.200 €") are not counted: too easy to meet by chance.
        return forms;
    }

    private static String spaceless(String text) {
        return text.replaceAll("[\\s\u00a0\u202f]", "");
    }

    private static boolean dateShown(String value, String text, String language) {
        LocalDate date;
        try {
            date = LocalDate.parse(value);
        } catch (DateTimeParseException e) {
            return false;
        }
        String spaceless = text.replaceAll("(?U)\\s", "").toLowerCase(Locale.ROOT);
        int d = date.getDayOfMonth();
        int m = date.getMonthValue();
        int y = date.getYear();
        String dd = String.format("%02d", d);
        String mm = String.format("%02d", m);
        String yy = String.format("%02d", y % 100);
        for (String candidate : List.of(date.toString(), dd + "." + mm + "." + y, d + "." + m + "." + y, dd + "/" + mm + "/" + y,
                mm + "/" + dd + "/" + y, dd + "-" + mm + "-" + y, dd + "." + mm + "." + yy, dd + "/" + mm + "/" + yy,
                y + "/" + mm + "/" + dd)) {
            if (spaceless.contains(candidate)) {
                return true;
            }
        }
        Locale locale = Locale.forLanguageTag(language == null ? "en" : language);
        DateFormatSymbols symbols = DateFormatSymbols.getInstance(locale);
        for (String month : List.of(symbols.getMonths()[m - 1], symbols.getShortMonths()[m - 1])) {
            String name = month.toLowerCase(locale).replace(".", "");
            if (!name.isEmpty() && Pattern.compile("(?<!\\d)0?" + d + "\\.?(?:de)?" + Pattern.quote(name) + "\\.?(?:de)?,?" + y)
                    .matcher(spaceless).find()
                    || !name.isEmpty() && Pattern.compile(Pattern.quote(name) + "\\.?0?" + d + ",?" + y).matcher(spaceless).find()) {
                return true;
            }
        }
        return false;
    }

    private static String compact(String text) {
        return text.replaceAll("(?U)[\\s.\\-/]", "").toLowerCase(Locale.ROOT);
    }
}
