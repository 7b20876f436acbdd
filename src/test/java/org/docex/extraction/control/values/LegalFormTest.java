package org.docex.extraction.control.values;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LegalFormTest {

    @ParameterizedTest
    @ValueSource(strings = {"Nordwind Handel GmbH", "Versicherungsverein Musterstadt a.G.", "Sportverein Musterstadt e.V.",
        "Rossi Forniture S.r.l.", "ALPHA SRL", "Beta S.p.A.", "Construcciones Pérez S.L.", "Hybird SAS", "Yritys Oy",
        "ABC Developex sp. z o.o.", "Firma s.r.o.", "Widgets Pty Ltd", "Hoekstra & Partners B.V.", "Acme Corp",
        "Nordic ApS", "Svensk Handel AB", "ACCEM SERVICIOS EMPRESARIALES S. de R.L."})
    void namesOfCompaniesHaveALegalForm(String name) {
        assertTrue(LegalForm.PATTERN.matcher(name).find(), name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"AS PER AGREEMENT", "SE HABLA ESPAÑOL", "Max Mustermann", "Total SL 12", "Koyo", "Sagittarius"})
    void wordsInCapitalsAndNamesOfPeopleHaveNone(String text) {
        assertFalse(LegalForm.PATTERN.matcher(text).find(), text);
    }
}
