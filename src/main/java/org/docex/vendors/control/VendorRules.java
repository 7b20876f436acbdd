package org.docex.vendors.control;

import java.util.Optional;
import java.util.regex.Pattern;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.invoice.InvoiceTemplate;
import org.docex.extraction.control.values.IbanParser;
import org.docex.extraction.control.values.ValueType;
import org.docex.vendors.control.RuleLearning.Placed;

/** Learning a field's rule from a committed value, and reading a field with it: the vendor memory's engine. */
public final class VendorRules {

    private static final Pattern ISO_DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final Pattern PLAIN_DECIMAL = Pattern.compile("-?\\d{1,18}(?:\\.\\d{1,6})?");
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[A-Za-z]{2,}");

    private VendorRules() {
    }

    /** What the extraction itself read for a field, where it had it. */
    public record MachineReading(String value, String type, int page, BoundingBox box) {
    }

    /** A value read with a rule: normalised, as written on the page, and where. */
    public record Reading(String value, String raw, int page, BoundingBox box) {
    }

    /**
     * The rule for a committed {@code value}, learned on {@code document}; empty when the value is
     * not written there (a reviewer typed it from elsewhere).
     */
    public static Optional<FieldRule> learn(String field, String value, Optional<MachineReading> machine,
                                            DocumentLines document) {
        ValueType type = typeOf(field, value, machine.map(MachineReading::type).orElse(null));
        Optional<Placed> place = machine.filter(reading -> reading.box() != null
                        && ValueCandidates.same(type, reading.value(), value))
                .map(reading -> new Placed(reading.page(), reading.box()));
        return RuleLearning.derive(value, type, document, place);
    }

    /** What {@code rule} reads on {@code document}, if anything. */
    public static Optional<Reading> read(FieldRule rule, DocumentLines document) {
        if (document.lines().isEmpty()) {
            return Optional.empty();
        }
        return RuleReading.read(rule, document);
    }

    /** Whether {@code a} and {@code b} are the same value of the rule's type. */
    public static boolean same(FieldRule rule, String a, String b) {
        return ValueCandidates.same(rule.type(), a, b);
    }

    /**
     * The type of a committed value: what the invoice template reads the field as, else the
     * extraction's type for it where that still fits the value, else what the value looks like as the
     * API writes values (an ISO date, a plain decimal); a text otherwise. "471102" is an invoice number's
     * text, not an amount.
     */
    public static ValueType typeOf(String field, String value, String machineType) {
        ValueType looks = looks(value);
        ValueType known = InvoiceTemplate.FIELD_TYPES.get(field);
        if (known != null) {
            return known == looks || known == ValueType.STRING ? known : ValueType.STRING;
        }
        Optional<ValueType> machine = Optional.ofNullable(machineType).flatMap(ValueType::named);
        if (machine.isPresent()) {
            ValueType type = machine.get();
            boolean fits = type == ValueType.STRING || type == looks
                    || type == ValueType.NUMBER && looks == ValueType.MONEY;
            return fits ? type : ValueType.STRING;
        }
        return looks;
    }

    private static ValueType looks(String value) {
        String stripped = value.strip();
        return ISO_DATE.matcher(stripped).matches() ? ValueType.DATE
                : PLAIN_DECIMAL.matcher(stripped).matches() ? ValueType.MONEY
                : IbanParser.isValid(ValueCandidates.compact(stripped)) && stripped.length() >= 15 ? ValueType.IBAN
                : EMAIL.matcher(stripped).matches() ? ValueType.EMAIL
                : ValueType.STRING;
    }
}
