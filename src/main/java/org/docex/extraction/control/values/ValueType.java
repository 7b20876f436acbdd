package org.docex.extraction.control.values;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

public enum ValueType {
    STRING, NUMBER, DATE, MONEY, EMAIL, IBAN;

    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The type called {@code name} in the API; null means {@code string}. */
    public static Optional<ValueType> named(String name) {
        if (name == null) {
            return Optional.of(STRING);
        }
        return Arrays.stream(values()).filter(type -> type.apiName().equals(name)).findFirst();
    }
}
