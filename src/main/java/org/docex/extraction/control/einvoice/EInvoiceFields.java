package org.docex.extraction.control.einvoice;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.docex.extraction.control.Check;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.text.PageText;

/**
 * The invoice's fields where a PDF carries an e-invoice: the XML's values, each placed where the
 * print shows the same value (so a reviewer sees it on the page), the printed fields the XML lacks,
 * whether the printed total is the XML's, and the print against the XML field by field ({@link PrintVersusXml}).
 */
public final class EInvoiceFields {

    public static final String TOTAL_CHECK = "visible_text_matches_xml";

    private EInvoiceFields() {
    }

    /** @param checks the printed total against the XML's ({@value #TOTAL_CHECK}), then {@link PrintVersusXml}'s */
    public record Merged(List<ExtractedField> fields, List<Check> checks) {
    }

    /** @param amountDue the XML's amount due where it is not its total (an advance was paid), else null */
    public static Merged merge(List<ExtractedField> xml, List<ExtractedField> printed, List<PageText> pages, String amountDue) {
        Map<String, ExtractedField> printedByName = printed.stream()
                .collect(Collectors.toMap(ExtractedField::name, Function.identity(), (a, b) -> a));
        List<ExtractedField> merged = new ArrayList<>();
        for (ExtractedField field : xml) {
            ExtractedField print = printedByName.get(field.name());
            merged.add(print != null && print.bbox() != null && same(print.value(), field.value())
                    ? new ExtractedField(field.name(), field.value(), print.raw(), field.type(), field.confidence(),
                            field.source(), print.page(), print.bbox())
                    : field);
        }
        List<String> fromXml = xml.stream().map(ExtractedField::name).toList();
        printed.stream().filter(field -> !fromXml.contains(field.name())).forEach(merged::add);
        Map<String, ExtractedField> xmlByName = xml.stream()
                .collect(Collectors.toMap(ExtractedField::name, Function.identity(), (a, b) -> a));
        List<Check> checks = new ArrayList<>();
        checks.add(totalCheck(xml, printedByName.get("total_amount")));
        checks.addAll(PrintVersusXml.of(xmlByName, printedByName, pages, amountDue));
        return new Merged(merged, checks);
    }

    private static Check totalCheck(List<ExtractedField> xml, ExtractedField printed) {
        Optional<ExtractedField> total = xml.stream().filter(field -> field.name().equals("total_amount")).findFirst();
        if (total.isEmpty()) {
            return Check.unavailable(TOTAL_CHECK, "the e-invoice states no total");
        }
        if (printed == null) {
            return Check.unavailable(TOTAL_CHECK, "no total was found in the printed text; the e-invoice says "
                    + total.get().value());
        }
        String detail = "printed total " + printed.value() + ", e-invoice total " + total.get().value();
        return same(printed.value(), total.get().value()) ? Check.ok(TOTAL_CHECK, detail) : Check.mismatch(TOTAL_CHECK, detail);
    }

    private static boolean same(String printed, String xml) {
        if (printed == null || xml == null) {
            return false;
        }
        try {
            return new BigDecimal(printed).compareTo(new BigDecimal(xml)) == 0;
        } catch (NumberFormatException notNumbers) {
            return printed.equalsIgnoreCase(xml);
        }
    }
}
