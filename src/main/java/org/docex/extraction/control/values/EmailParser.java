package org.docex.extraction.control.values;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public final class EmailParser {

    private static final Pattern EMAIL = Pattern.compile(
            "[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\\.[A-Za-z0-9-]{1,63})*\\.[A-Za-z]{2,24}(?![A-Za-z0-9-])");

    private EmailParser() {
    }

    public static Optional<ParsedValue> atStart(String text, int from) {
        Matcher matcher = EMAIL.matcher(text);
        matcher.region(from, text.length());
        if (!matcher.lookingAt()) {
            return Optional.empty();
        }
        String address = matcher.group().toLowerCase(Locale.ROOT);
        return Optional.of(new ParsedValue(address, ValueType.EMAIL, matcher.start(), matcher.end(), 1.0));
    }
}
