package org.docex.extraction.control.invoice;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.values.DateOrder;

/**
 * Where a new invoice seems to start in a run of pages scanned or printed together: a page whose invoice number
 * differs from the one the invoice before it showed; where a page shows no number, a page whose invoice date differs;
 * the same number again on a page with a total after a page with a total (the invoice twice); and a page that says it
 * is the first of several ("Page 1 of 2", "Seite 1 von 3"). A page that says it is a later
 * one ("Page 2 of 2") continues the invoice before it. These are proposals for a person to confirm, never cuts.
 */
public final class InvoiceStarts {

    /** "Page 1 of 3", "Seite 2 von 2", "Page 1 sur 2", "Pagina 1 di 2", "Página 1 de 2", "Pagina 1 van 2", "1 / 3" after a page word. */
    private static final Pattern PAGE_OF = Pattern.compile(
            "(?iu)\\b(?:page|seite|blatt|pagina|página|pag\\.|sida|side|strona|sivu)\\s*(\\d{1,3})\\s*"
                    + "(?:of|von|sur|di|de|van|av|af|z|/)\\s*(\\d{1,3})\\b");

    private InvoiceStarts() {
    }

    /** What a page's header says about the invoice it belongs to. */
    record Header(Optional<String> number, Optional<String> date, Optional<Integer> pageOfSeveral, boolean total) {
    }

    /**
     * The page numbers of {@code pages} (a run in order; the first starts an invoice) at which a new invoice seems to
     * start, in order; empty where they seem to be one invoice.
     */
    public static List<Integer> of(List<PageText> pages) {
        DateOrder order = DateOrder.inferFrom(PageText.textsOf(pages));
        List<Integer> starts = new ArrayList<>();
        Optional<String> number = Optional.empty();
        Optional<String> date = Optional.empty();
        boolean ended = false;
        for (int i = 0; i < pages.size(); i++) {
            Header header = header(pages.get(i), order);
            boolean start = i > 0 && startsAnother(header, number, date, ended);
            ended = header.total();
            if (start) {
                starts.add(pages.get(i).pageNumber());
            }
            if (start || number.isEmpty()) {
                number = header.number();
            }
            if (start || date.isEmpty()) {
                date = header.date();
            }
        }
        return starts;
    }

    /** {@code ended}: the page before shows a total, as an invoice's last page does. */
    private static boolean startsAnother(Header page, Optional<String> number, Optional<String> date, boolean ended) {
        if (page.pageOfSeveral().isPresent()) {
            // "Page 2 of 3" continues an invoice, whatever was read of its number; "Page 1 of 3" begins one.
            return page.pageOfSeveral().get() == 1;
        }
        if (page.number().isPresent() && number.isPresent()) {
            // The same number again after a page with the total, on a page with a total of its own: the invoice twice
            // (a copy scanned with the original), each a document.
            return !sameNumber(page.number().get(), number.get()) || ended && page.total();
        }
        // Without two numbers to compare, dates: a number missed by the reading or never printed on a later page.
        return page.number().isEmpty() && page.date().isPresent() && date.isPresent() && !page.date().equals(date);
    }

    static Header header(PageText page, DateOrder order) {
        if (!page.hasText()) {
            return new Header(Optional.empty(), Optional.empty(), Optional.empty(), false);
        }
        List<PageText> one = List.of(page);
        Optional<String> number = InvoiceLabels.invoiceNumber().best(one).map(value -> value.value().value());
        // The invoice date as the invoice template reads it: labelled, else the date beside a place ("Berlin, 3. Mai 2024").
        Optional<String> date = InvoiceLabels.invoiceDate(order).best(one).map(value -> value.value().value())
                .or(() -> PlaceAndDate.find(one, order, "invoice_date").map(field -> field.value()));
        boolean total = InvoiceLabels.totalAmount().best(one).isPresent();
        return new Header(number, date, pageOfSeveralIn(page.text()), total);
    }

    /** The page's number where it says which of several it is ("Page 1 of 2"); a lone page ("Page 1 of 1") says nothing. */
    public static Optional<Integer> pageOfSeveralIn(String text) {
        Matcher matcher = PAGE_OF.matcher(text);
        while (matcher.find()) {
            int page = Integer.parseInt(matcher.group(1));
            int of = Integer.parseInt(matcher.group(2));
            if (of > 1 && page >= 1 && page <= of) {
                return Optional.of(page);
            }
        }
        return Optional.empty();
    }

    /** Two readings of an invoice number are the same where they differ only in what OCR confuses (O and 0, I, l and 1) or in spaces. */
    public static boolean sameNumber(String a, String b) {
        return plain(a).equals(plain(b));
    }

    private static String plain(String number) {
        return number.toUpperCase(Locale.ROOT).replaceAll("[\\s]", "").replace('O', '0').replace('I', '1').replace('L', '1');
    }
}
