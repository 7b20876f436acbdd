package org.docex.extraction.control.values;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The words invoices are written in, one resource file per language ({@code vocabulary/<code>.txt}
 * beside this class): the labels that introduce each invoice field, the titles of invoices, the
 * month names. A file is a list of sections ({@code [invoice_number]}) each holding one entry a
 * line; {@code #} starts a comment line (a label that is the sign itself is written {@code \#}). Labels are regular expressions matched case-insensitively
 * at the start of a phrase; an accented letter in them also matches its plain letter. Adding a
 * language is adding a file and its code to {@link #LANGUAGES}.
 */
public final class Vocabulary {

    /** The languages read, in the order their entries are tried. */
    public static final List<String> LANGUAGES = List.of("en", "de", "fr", "nl", "es", "it", "pt", "pl", "fi", "cs");

    private static final Pattern MARKS = Pattern.compile("\\p{M}");
    /** Letters with a stroke do not decompose: "płatności" is typed, and read by OCR, as "platnosci" too. */
    private static final Map<Character, String> STROKED = Map.of('ł', "l", 'Ł', "L", 'ø', "o", 'Ø', "O", 'đ', "d", 'Đ', "D");
    private static final Vocabulary ALL = load();

    private final Map<String, List<String>> entries;

    private Vocabulary(Map<String, List<String>> entries) {
        this.entries = entries;
    }

    public static Vocabulary all() {
        return ALL;
    }

    /** The entries of {@code section} in every language, in the order of {@link #LANGUAGES} and of each file. */
    public List<String> entries(String section) {
        return entries.getOrDefault(section, List.of());
    }

    /** The entries of {@code section} as one alternation, each entry a group of its own. */
    public String alternation(String section) {
        return "(?:" + String.join("|", entries(section).stream().map(entry -> "(?:" + entry + ")").toList()) + ")";
    }

    /**
     * An accented letter in a label also matches its plain letter, and an umlaut its spelling with
     * e: OCR and ASCII typing drop them ("Fallig am", "Numero de facture"). An apostrophe matches
     * the typographic one too ("Date d’émission"). Letters inside a character class stay as they are.
     */
    public static String foldAccents(String regex) {
        StringBuilder out = new StringBuilder(regex.length() + 16);
        boolean inClass = false;
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\' && i + 1 < regex.length()) {
                out.append(c).append(regex.charAt(++i));
                continue;
            }
            if (c == '[') {
                inClass = true;
            } else if (c == ']') {
                inClass = false;
            }
            String plain = inClass ? null : plainLetter(c);
            if (c == '\'' && !inClass) {
                out.append("['’ʼ]");
            } else if (plain == null) {
                out.append(c);
            } else {
                String umlaut = switch (c) {
                    case 'ä' -> "|ae";
                    case 'ö' -> "|oe";
                    case 'ü' -> "|ue";
                    // OCR without Polish reads the stroke's letter as a t ("Termin ptatnosci").
                    case 'ł' -> "|t";
                    default -> "";
                };
                out.append("(?:").append(c).append(umlaut).append('|').append(plain).append(')');
            }
        }
        return out.toString();
    }


    /** {@code word} with each letter's accent or stroke left off ("poniedziałek" -> "poniedzialek", "février" -> "fevrier"). */
    static String plain(String word) {
        StringBuilder out = new StringBuilder(word.length());
        for (char c : word.toCharArray()) {
            String plain = plainLetter(c);
            out.append(plain == null ? String.valueOf(c) : plain);
        }
        return out.toString();
    }

    /** The letter without its accent, or null for a letter that has none (and anything else). */
    public static String plainLetter(char c) {
        if (c < 0xC0 || !Character.isLetter(c)) {
            return null;
        }
        String stroked = STROKED.get(c);
        if (stroked != null) {
            return stroked;
        }
        String plain = MARKS.matcher(Normalizer.normalize(String.valueOf(c), Normalizer.Form.NFD)).replaceAll("");
        return plain.length() == 1 && plain.charAt(0) != c && plain.charAt(0) < 0x80 ? plain : null;
    }


    private static Vocabulary load() {
        Map<String, List<String>> entries = new LinkedHashMap<>();
        for (String language : LANGUAGES) {
            String resource = "vocabulary/" + language + ".txt";
            try (InputStream in = Vocabulary.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("The vocabulary file " + resource + " is missing");
                }
                read(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)), resource, entries);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        entries.replaceAll((section, list) -> Collections.unmodifiableList(list));
        return new Vocabulary(Collections.unmodifiableMap(entries));
    }

    private static void read(BufferedReader reader, String resource, Map<String, List<String>> entries) throws IOException {
        String section = null;
        String line;
        int number = 0;
        while ((line = reader.readLine()) != null) {
            number++;
            String entry = line.strip();
            if (entry.isEmpty() || entry.startsWith("#")) {
                continue;
            }
            if (entry.startsWith("[") && entry.endsWith("]")) {
                section = entry.substring(1, entry.length() - 1).strip();
                continue;
            }
            if (section == null) {
                throw new IllegalStateException(resource + ":" + number + ": an entry before the first [section]");
            }
            entries.computeIfAbsent(section, s -> new ArrayList<>()).add(entry);
        }
    }
}
