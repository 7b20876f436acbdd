package org.docex.extraction.control.values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ValueParsersTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1,234.56|1234.56", "1.234,56|1234.56", "1234.56|1234.56", "1 234,56|1234.56", "€ 1.234,56|1234.56",
        "1,234.56 EUR|1234.56", "$99|99.00", "CHF 1'234.50|1234.50", "12,5|12.50", "1.234.567,00|1234567.00",
        "-45.10|-45.10", "0.500|0.500", "₹ 1,18,000.00|118000.00", "Rs. 4,500.50|4500.50", "1,23,456|123456.00",
        "1 234,56 zł|1234.56", "kr 1.250,00|1250.00", "1'234.56|1234.56", "1 234 567,89 €|1234567.89", "R$ 1.234,56|1234.56", "17 115,45PLN|17115.45",
        "948 ,74|948.74", "1.948 ,74 €|1948.74"})
    void amountsBecomePlainDecimals(String written, String plain) {
        assertEquals(plain, ValueNormaliser.whole(ValueType.MONEY, written, DateOrder.DAY_FIRST).orElseThrow().value());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "21.11.2026|DAY_FIRST|2026-11-21", "2026-11-21|DAY_FIRST|2026-11-21", "11/21/2026|DAY_FIRST|2026-11-21",
        "21/11/2026|MONTH_FIRST|2026-11-21", "03/04/2026|DAY_FIRST|2026-04-03", "03/04/2026|MONTH_FIRST|2026-03-04",
        "21 November 2026|DAY_FIRST|2026-11-21", "November 21, 2026|DAY_FIRST|2026-11-21",
        "21. November 2026|DAY_FIRST|2026-11-21", "3. März 2026|DAY_FIRST|2026-03-03", "1st Dec 2026|DAY_FIRST|2026-12-01",
        "5. Okt. 2026|DAY_FIRST|2026-10-05", "21.11.26|DAY_FIRST|2026-11-21", "August 3 , 2014|DAY_FIRST|2014-08-03",
        "19 april 2014|DAY_FIRST|2014-04-19", "3 mars 2024|DAY_FIRST|2024-03-03", "1er février 2024|DAY_FIRST|2024-02-01",
        "12 fevrier 2024|DAY_FIRST|2024-02-12", "15 de marzo de 2024|DAY_FIRST|2024-03-15", "7 maart 2024|DAY_FIRST|2024-03-07",
        "21 settembre 2024|DAY_FIRST|2024-09-21", "2 décembre 2025|DAY_FIRST|2025-12-02", "1 mei 2024|DAY_FIRST|2024-05-01",
        "31 agosto 2024|DAY_FIRST|2024-08-31", "4 janv. 2025|DAY_FIRST|2025-01-04",
        "27-Feb-2019|DAY_FIRST|2019-02-27", "2017-07-05T09:09:23|DAY_FIRST|2017-07-05",
        "2024-03-01T10:00:00+01:00|DAY_FIRST|2024-03-01", "5 marca 2024|DAY_FIRST|2024-03-05", "12. tammikuuta 2024|DAY_FIRST|2024-01-12",
        "4 de março de 2024|DAY_FIRST|2024-03-04", "Feb-27-2019|DAY_FIRST|2019-02-27", "05-Mar-2024|MONTH_FIRST|2024-03-05",
        "19 / 5 / 2024|DAY_FIRST|2024-05-19", "5. března 2024|DAY_FIRST|2024-03-05",
        "Tuesday, March 5, 2024|DAY_FIRST|2024-03-05", "Tue 05/03/2024|DAY_FIRST|2024-03-05", "mardi 5 mars 2024|DAY_FIRST|2024-03-05",
        "Dienstag, 5. März 2024|DAY_FIRST|2024-03-05", "miercoles 6 de marzo de 2024|DAY_FIRST|2024-03-06",
        "5-Mar-24|DAY_FIRST|2024-03-05", "5 Mar '24|DAY_FIRST|2024-03-05", "05/mar/2024|DAY_FIRST|2024-03-05",
        "2024.03.05|DAY_FIRST|2024-03-05", "5 Mar ’24|DAY_FIRST|2024-03-05", "05/mar/24|DAY_FIRST|2024-03-05",
        "poniedzialek, 4 marca 2024|DAY_FIRST|2024-03-04"})
    void datesBecomeIso(String written, DateOrder order, String iso) {
        assertEquals(iso, ValueNormaliser.whole(ValueType.DATE, written, order).orElseThrow().value());
    }

    @Test
    void impossibleDatesAreNotDates() {
        assertFalse(ValueNormaliser.whole(ValueType.DATE, "31.02.2026", DateOrder.DAY_FIRST).isPresent());
        assertFalse(ValueNormaliser.whole(ValueType.DATE, "13/13/2026", DateOrder.DAY_FIRST).isPresent());
        // What systems print for a date not set: no date, and not 2001.
        assertFalse(ValueNormaliser.whole(ValueType.DATE, "01.01.0001", DateOrder.DAY_FIRST).isPresent());
        assertFalse(ValueNormaliser.whole(ValueType.DATE, "0001-01-01", DateOrder.DAY_FIRST).isPresent());
        assertEquals("1999-12-31", ValueNormaliser.whole(ValueType.DATE, "31.12.1999", DateOrder.DAY_FIRST).orElseThrow().value());
        // A two-digit year after a month's name only after a hyphen, slash or apostrophe ("Mar 24" may be a day).
        assertFalse(ValueNormaliser.whole(ValueType.DATE, "5 Mar 24", DateOrder.DAY_FIRST).isPresent());
        // A range of days is no date of the year 2031.
        assertFalse(DateParser.atStart("1 Mar-31 Mar 2024", 0, DateOrder.DAY_FIRST).isPresent());
        // A day of the week alone is no date.
        assertFalse(ValueNormaliser.whole(ValueType.DATE, "Tuesday", DateOrder.DAY_FIRST).isPresent());
    }

    @Test
    void anAmbiguousDateIsLessCertain() {
        assertEquals(0.7, ValueNormaliser.whole(ValueType.DATE, "03/04/2026", DateOrder.DAY_FIRST).orElseThrow().certainty());
        assertEquals(1.0, ValueNormaliser.whole(ValueType.DATE, "13/04/2026", DateOrder.DAY_FIRST).orElseThrow().certainty());
    }

    @Test
    void theDocumentsUnambiguousDatesDecideTheOrder() {
        assertEquals(DateOrder.MONTH_FIRST, DateOrder.inferFrom("Date 11/21/2026 Due 12/05/2026"));
        assertEquals(DateOrder.DAY_FIRST, DateOrder.inferFrom("Date 21/11/2026 Due 05/12/2026 $"));
        assertEquals(DateOrder.MONTH_FIRST, DateOrder.inferFrom("Date 03/04/2026 Total $10"));
        assertEquals(DateOrder.DAY_FIRST, DateOrder.inferFrom("Datum 03/04/2026 Summe 10 €"));
    }

    @Test
    void ibansNeedAValidChecksum() {
        assertTrue(IbanParser.isValid("DE89370400440532013000"));
        assertFalse(IbanParser.isValid("DE89370400440532013001"));
        Optional<ParsedValue> grouped = IbanParser.find("IBAN: DE89 3704 0044 0532 0130 00 BIC: COBADEFFXXX");
        assertEquals("DE89370400440532013000", grouped.orElseThrow().value());
        assertFalse(IbanParser.find("IBAN: DE89 3704 0044 0532 0130 01").isPresent());
        assertFalse(IbanParser.find("USt-IdNr. DE123456789").isPresent());
    }

    @Test
    void emailsAreLowerCased() {
        assertEquals("anna.berg@example.de",
                ValueNormaliser.whole(ValueType.EMAIL, "Anna.Berg@Example.DE", DateOrder.DAY_FIRST).orElseThrow().value());
        assertFalse(ValueNormaliser.whole(ValueType.EMAIL, "anna@", DateOrder.DAY_FIRST).isPresent());
    }
}
