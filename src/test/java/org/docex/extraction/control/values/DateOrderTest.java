package org.docex.extraction.control.values;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.docex.testing.RandomText;
import org.junit.jupiter.api.Test;

class DateOrderTest {

    @Test
    void unambiguousDatesDecide() {
        assertEquals(DateOrder.DAY_FIRST, DateOrder.inferFrom("Issued 25/03/2026, due 03/04/2026"));
        assertEquals(DateOrder.MONTH_FIRST, DateOrder.inferFrom("Issued 03/25/2026, due 04/03/2026"));
    }

    @Test
    void dollarsDecideWhenTheDatesDoNot() {
        assertEquals(DateOrder.MONTH_FIRST, DateOrder.inferFrom("Date 03/04/2026 Total 10.00 USD"));
        assertEquals(DateOrder.DAY_FIRST, DateOrder.inferFrom("Date 03/04/2026 Total 10.00 EUR"));
    }

    @Test
    void pagesCountAsOneText() {
        // The votes of all pages add up: one day-first page against two month-first ones.
        List<String> pages = List.of("Issued 25/03/2026", "Shipped 03/26/2026", "Paid 03/27/2026");
        assertEquals(DateOrder.MONTH_FIRST, DateOrder.inferFrom(pages));
        assertEquals(DateOrder.inferFrom(String.join("\n", pages)), DateOrder.inferFrom(pages));
        // Without a vote, the currency named most often over all pages decides.
        assertEquals(DateOrder.MONTH_FIRST, DateOrder.inferFrom(List.of("Date 03/04/2026 USD 10", "USD 5", "EUR 1")));
        assertEquals(DateOrder.DAY_FIRST, DateOrder.inferFrom(List.of("Date 03/04/2026 USD 10", "EUR 5", "EUR 1")));
    }

    @Test
    void votesAsTheExpressionTriedAtEveryCharacter() {
        Pattern date = Pattern.compile("\\b(\\d{1,2})[/-](\\d{1,2})[/-]\\d{2,4}\\b");
        RandomText random = new RandomText(11, "1", "3", "12", "13", "25", "2026", "/", "-", "--", " ", "x", "_", "é", "\u0301",
                "\u0663", "\uD835\uDFCE");
        for (int i = 0; i < 20_000; i++) {
            String sample = random.next(14);
            int[] expected = new int[2];
            Matcher matcher = date.matcher(sample);
            while (matcher.find()) {
                int first = Integer.parseInt(matcher.group(1));
                int second = Integer.parseInt(matcher.group(2));
                if (first > 12 && second <= 12) {
                    expected[0]++;
                } else if (second > 12 && first <= 12) {
                    expected[1]++;
                }
            }
            assertArrayEquals(expected, DateOrder.votes(sample), sample);
        }
    }
}
