package org.docex.extraction.control;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Writes amounts, dates and IBANs the way the generated invoices print them. */
final class InvoiceFormats {

    private InvoiceFormats() {
    }

    static String amount(BigDecimal value, InvoiceSpec.NumberStyle style) {
        String plain = value.setScale(2, RoundingMode.HALF_UP).toPlainString();
        String integer = plain.substring(0, plain.indexOf('.'));
        String cents = plain.substring(plain.indexOf('.') + 1);
        return switch (style) {
            case US -> group(integer, ",") + "." + cents;
            case GERMAN -> group(integer, ".") + "," + cents;
            case PLAIN -> integer + "." + cents;
            case SPACED -> group(integer, " ") + "," + cents;
            case SWISS -> group(integer, "'") + "." + cents;
        };
    }

    /** The amount with its currency written the way the style's country usually does. */
    static String money(BigDecimal value, InvoiceSpec spec, boolean symbolFirst) {
        String amount = amount(value, spec.numberStyle());
        return switch (spec.currency()) {
            case "USD" -> "$" + amount;
            case "GBP" -> "£" + amount;
            case "CHF" -> "CHF " + amount;
            default -> symbolFirst ? "€ " + amount : amount + " EUR";
        };
    }

    private static String group(String digits, String separator) {
        StringBuilder grouped = new StringBuilder();
        for (int i = 0; i < digits.length(); i++) {
            if (i > 0 && (digits.length() - i) % 3 == 0) {
                grouped.append(separator);
            }
            grouped.append(digits.charAt(i));
        }
        return grouped.toString();
    }

    static String date(LocalDate date, InvoiceSpec.DateStyle style) {
        return switch (style) {
            case US -> pattern(date, "MM/dd/yyyy", Locale.US);
            case GB -> pattern(date, "dd/MM/yyyy", Locale.UK);
            case DOTTED -> pattern(date, "dd.MM.yyyy", Locale.GERMANY);
            case ISO -> date.toString();
            case LONG_EN -> pattern(date, "d MMMM yyyy", Locale.UK);
            case US_LONG -> pattern(date, "MMMM d, yyyy", Locale.US);
            case DE_LONG -> pattern(date, "d. MMMM yyyy", Locale.GERMANY);
            case SHORT_EN -> pattern(date, "d MMM yyyy", Locale.UK).replace("Sept", "Sep");
        };
    }

    private static String pattern(LocalDate date, String pattern, Locale locale) {
        return DateTimeFormatter.ofPattern(pattern, locale).format(date);
    }

    static String groupedIban(String iban) {
        return iban.replaceAll("(.{4})", "$1 ").strip();
    }
}
