package org.docex.documents.control;

import java.util.Locale;
import java.util.Optional;

/** How an upload or an intake cuts a file: the {@code split} option and the {@code *_SPLIT} settings. */
public enum SplitMode {

    /** One document as it came. */
    NONE,
    /** A document per part between separator sheets and blank pages, which are dropped. */
    SEPARATOR,
    /** As {@link #SEPARATOR}, and each part records where a new invoice seems to start, for a person to confirm. */
    SUGGEST;

    /** The mode a value names ({@code none}, {@code separator}, {@code suggest}; absent or empty is none). */
    public static Optional<SplitMode> of(String value) {
        if (value == null || value.isBlank()) {
            return Optional.of(NONE);
        }
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "none" -> Optional.of(NONE);
            case "separator" -> Optional.of(SEPARATOR);
            case "suggest" -> Optional.of(SUGGEST);
            default -> Optional.empty();
        };
    }

    /** The names it is written by, for messages. */
    public static final String NAMES = "none, separator or suggest";
}
