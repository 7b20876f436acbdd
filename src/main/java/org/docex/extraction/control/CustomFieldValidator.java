package org.docex.extraction.control;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.docex.extraction.control.values.ValueType;

/** Checks custom field definitions before any work starts; each problem is a sentence a client can act on. */
public final class CustomFieldValidator {

    public static final int MAX_FIELDS = 100;
    public static final int MAX_NAME_LENGTH = 100;
    public static final int MAX_PATTERN_LENGTH = 500;
    public static final int MAX_LABEL_LENGTH = 200;

    private CustomFieldValidator() {
    }

    public static List<String> problems(List<CustomField> fields) {
        List<String> problems = new ArrayList<>();
        if (fields == null) {
            return problems;
        }
        if (fields.size() > MAX_FIELDS) {
            problems.add("At most " + MAX_FIELDS + " custom fields are allowed, got " + fields.size());
        }
        Set<String> names = new HashSet<>();
        for (int i = 0; i < fields.size(); i++) {
            CustomField field = fields.get(i);
            if (field == null) {
                problems.add("Custom field " + (i + 1) + " is empty");
                continue;
            }
            String which = field.name() == null || field.name().isBlank()
                    ? "Custom field " + (i + 1) : "Custom field '" + field.name() + "'";
            checkName(field, which, names, problems);
            checkSource(field, which, problems);
            if (ValueType.named(field.type()).isEmpty()) {
                problems.add(which + ": unknown type '" + field.type()
                        + "' (use string, number, date, money, email or iban)");
            }
        }
        return problems;
    }

    private static void checkName(CustomField field, String which, Set<String> names, List<String> problems) {
        String name = field.name();
        if (name == null || name.isBlank()) {
            problems.add(which + ": name is required");
        } else if (name.length() > MAX_NAME_LENGTH) {
            problems.add(which + ": name is longer than " + MAX_NAME_LENGTH + " characters");
        } else if (!names.add(name)) {
            problems.add(which + ": name is used more than once");
        }
    }

    private static void checkSource(CustomField field, String which, List<String> problems) {
        boolean hasPattern = field.pattern() != null && !field.pattern().isBlank();
        boolean hasLabel = field.label() != null && !field.label().isBlank();
        if (!hasPattern && !hasLabel) {
            problems.add(which + ": give a pattern, a label or both");
        }
        if (hasLabel && field.label().length() > MAX_LABEL_LENGTH) {
            problems.add(which + ": label is longer than " + MAX_LABEL_LENGTH + " characters");
        }
        if (!hasPattern) {
            return;
        }
        if (field.pattern().length() > MAX_PATTERN_LENGTH) {
            problems.add(which + ": pattern is longer than " + MAX_PATTERN_LENGTH + " characters");
            return;
        }
        try {
            Pattern.compile(field.pattern());
        } catch (PatternSyntaxException e) {
            problems.add(which + ": pattern is not a valid regular expression (" + e.getDescription()
                    + " near index " + e.getIndex() + ")");
        }
    }
}
