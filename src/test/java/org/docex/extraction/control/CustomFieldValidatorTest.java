package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CustomFieldValidatorTest {

    @Test
    void wellFormedFieldsHaveNoProblems() {
        assertEquals(List.of(), CustomFieldValidator.problems(List.of(
                new CustomField("po", "PO-(\\d+)", null, null),
                new CustomField("total", null, "Total", "money"),
                new CustomField("both", "\\d+", "Ref", "number"))));
        assertEquals(List.of(), CustomFieldValidator.problems(null));
    }

    @Test
    void eachProblemIsNamed() {
        assertEquals(List.of("Custom field 1: name is required"),
                CustomFieldValidator.problems(List.of(new CustomField(" ", "x", null, null))));
        assertEquals(List.of("Custom field '" + "n".repeat(101) + "': name is longer than 100 characters"),
                CustomFieldValidator.problems(List.of(new CustomField("n".repeat(101), "x", null, null))));
        assertEquals(List.of("Custom field 'a': name is used more than once"), CustomFieldValidator.problems(
                List.of(new CustomField("a", "x", null, null), new CustomField("a", "y", null, null))));
        assertEquals(List.of("Custom field 'a': give a pattern, a label or both"),
                CustomFieldValidator.problems(List.of(new CustomField("a", null, " ", null))));
        assertEquals(List.of("Custom field 'a': pattern is longer than 500 characters"),
                CustomFieldValidator.problems(List.of(new CustomField("a", "x".repeat(501), null, null))));
        assertEquals(List.of("Custom field 'a': unknown type 'decimal' (use string, number, date, money, email or iban)"),
                CustomFieldValidator.problems(List.of(new CustomField("a", "x", null, "decimal"))));
    }

    @Test
    void anInvalidPatternIsExplained() {
        List<String> problems = CustomFieldValidator.problems(List.of(new CustomField("a", "(unclosed", null, null)));

        assertEquals(1, problems.size());
        assertTrue(problems.get(0).startsWith("Custom field 'a': pattern is not a valid regular expression ("),
                problems.get(0));
    }

    @Test
    void atMostOneHundredFields() {
        List<CustomField> fields = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            fields.add(new CustomField("f" + i, "x", null, null));
        }

        assertEquals(List.of("At most 100 custom fields are allowed, got 101"), CustomFieldValidator.problems(fields));
        assertEquals(List.of(), CustomFieldValidator.problems(fields.subList(0, 100)));
    }
}
