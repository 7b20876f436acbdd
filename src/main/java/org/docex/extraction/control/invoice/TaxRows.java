package org.docex.extraction.control.invoice;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.docex.extraction.control.keyvalue.LabelledValue;
import org.docex.extraction.control.keyvalue.ValueSite;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextSegment;
import org.docex.extraction.control.values.AmountParser;
import org.docex.extraction.control.values.CurrencyCodes;
import org.docex.extraction.control.values.ParsedValue;
import org.docex.extraction.control.values.ValueType;

/**
 * A tax's row that prints its rate, then the amount taxed and the tax ("VAT 10%   725.44   72.59 EUR",
 * "MwSt. 19 %  100,00  19,00  119,00"): the first amount is a net and the second a tax where the tax is
 * the rate of the net, to within a percent (rounding per night or per line leaves a few cents). Read as
 * candidates beside the labelled ones; the totals are chosen from all of them together.
 */
final class TaxRows {

    /**
     * How sure a net or a tax read from such a row is: less than a value under a column head, so that a
     * folio's many per-night tax rows do not crowd the tax summary's amounts out of the candidates.
     */
    static final double CONFIDENCE = 0.5;
    /** The most rows read: a breakdown has a row per rate, a few at most. */
    private static final int MAX_ROWS = 6;
    private static final Pattern HEAD = Pattern.compile("(?iu)\\s*(?:" + InvoiceParties.TAX
            + ")\\.?\\s*\\(?\\s*(?<rate>" + InvoiceParties.RATE + ")\\s*\\)?\\s*:?");
    private static final Pattern TAX_ALONE = Pattern.compile("(?iu)\\s*(?:" + InvoiceParties.TAX + ")\\.?\\s*:?\\s*");
    private static final Pattern RATE_ALONE = Pattern.compile("\\s*\\(?\\s*(?<rate>" + InvoiceParties.RATE + ")\\s*\\)?\\s*:?");
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);
    private static final BigDecimal CENTS = new BigDecimal("0.02");
    private static final BigDecimal ONE_PERCENT = new BigDecimal("0.01");
    private static final int MAX_WORDS = 6;

    /** A net and its tax from one row. */
    record Row(LabelledValue net, LabelledValue tax) {
    }

    private TaxRows() {
    }

    static List<Row> on(List<PageText> pages) {
        List<Row> rows = new ArrayList<>();
        for (PageText page : pages) {
            for (TextLine line : page.lines()) {
                List<TextSegment> segments = line.segments();
                for (int s = 0; s < segments.size(); s++) {
                    // Only a segment with a rate can head such a row; most of a page's have none.
                    if (segments.get(s).text().indexOf('%') < 0) {
                        continue;
                    }
                    Matcher head = HEAD.matcher(segments.get(s).text());
                    boolean found = head.lookingAt();
                    if (!found && s > 0 && TAX_ALONE.matcher(segments.get(s - 1).text()).matches()) {
                        // The tax's name in a column of its own before its rate ("IVA   10,00%   1.907,88   190,81").
                        head = RATE_ALONE.matcher(segments.get(s).text());
                        found = head.lookingAt();
                    }
                    if (found && rows.size() < MAX_ROWS) {
                        row(segments, s, head.end(), new BigDecimal(head.group("rate").replace('%', ' ').strip().replace(',', '.')), page.pageNumber())
                                .ifPresent(rows::add);
                    }
                }
            }
        }
        return rows;
    }

    /** The first two amounts after the head (currency codes between them passed over), where they are a net and its tax. */
    private static Optional<Row> row(List<TextSegment> segments, int first, int from, BigDecimal rate, int page) {
        List<LabelledValue> amounts = new ArrayList<>(2);
        int words = 0;
        for (int s = first; s < segments.size() && amounts.size() < 2 && words < MAX_WORDS; s++) {
            String text = segments.get(s).text();
            int at = s == first ? from : 0;
            while (at < text.length() && amounts.size() < 2 && words < MAX_WORDS) {
                while (at < text.length() && text.charAt(at) == ' ') {
                    at++;
                }
                if (at >= text.length()) {
                    break;
                }
                Optional<ParsedValue> amount = AmountParser.atStart(text, at, ValueType.MONEY);
                int end = text.indexOf(' ', at);
                end = end < 0 ? text.length() : end;
                if (amount.isPresent()) {
                    ParsedValue value = amount.get();
                    amounts.add(new LabelledValue(new ParsedValue(value.value(), value.type(), 0, value.end() - at, value.certainty()),
                            new ValueSite(segments.get(s), at, CONFIDENCE, page), CONFIDENCE));
                    end = Math.max(end, value.end());
                } else if (!CurrencyCodes.in(text.substring(at, end)).isPresent()) {
                    return Optional.empty();
                }
                words++;
                at = end;
            }
        }
        if (amounts.size() < 2) {
            return Optional.empty();
        }
        BigDecimal net = new BigDecimal(amounts.get(0).value().value());
        BigDecimal tax = new BigDecimal(amounts.get(1).value().value());
        BigDecimal expected = net.multiply(rate).divide(HUNDRED);
        boolean taxOfNet = rate.signum() > 0 && tax.signum() > 0
                && tax.subtract(expected).abs().compareTo(CENTS.max(tax.multiply(ONE_PERCENT))) <= 0;
        return taxOfNet ? Optional.of(new Row(amounts.get(0), amounts.get(1))) : Optional.empty();
    }
}
