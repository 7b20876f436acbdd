package org.docex.extraction.control.values;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DollarCountriesTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "Contoso Ltd\\n123 Other St,\\nRedmond WA 98052|USD", "Acme Inc., 1 Main St, Springfield, IL 62701-1234|USD",
        "Company Town, ST 12345|USD", "Shipped from the United States of America|USD",
        "Maple Supplies, 200 King St W, Toronto ON M5V 2T6|CAD", "Widgets Pty Ltd, 1 George St, Sydney NSW 2000|AUD",
        "Kiwi Traders, Auckland, New Zealand|NZD", "Bill to: Sydney NSW 2000\\nFrom: Redmond WA 98052|AUD"})
    void theFirstAddressTellsTheDollar(String text, String currency) {
        assertEquals(Optional.of(currency), DollarCountries.dollarOf(List.of(text.replace("\\n", "\n"))));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Project Folded, Inc.\nTotal $56.50", "Invoice 12345, page 1 of 2", "Hauptstraße 1, 12345 Berlin",
        "Order no. 98052", "WA98052 is a code"})
    void withoutSuchAnAddressNoDollarIsNamed(String text) {
        assertEquals(Optional.empty(), DollarCountries.dollarOf(List.of(text)));
    }
}
