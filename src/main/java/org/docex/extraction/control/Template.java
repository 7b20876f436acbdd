package org.docex.extraction.control;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

public enum Template {
    GENERIC, INVOICE;

    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Template> named(String name) {
        return Arrays.stream(values()).filter(t -> t.apiName().equals(name)).findFirst();
    }
}
