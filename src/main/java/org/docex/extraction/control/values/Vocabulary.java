package org.docex.extraction.control.values;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The words invoices are written in, one resource file per language ({@code vocabulary/<code>.txt}
 * beside this class): the labels that introduce each invoice field, the titles of invoices, the
 * month names. A file is a list of sections ({@code [invoice_number]}) each holding one entry a
 * line; {@code #} starts a comment line. Labels are regular expressions matched case-insensitively
 * at the start of a phrase; an accented letter in them also matches its plain letter. Adding a
 * language is adding a file and its code to {@link #LANGUAGES}.
 */
public final class Vocabulary {

    /** The languages read, in the order their entries are tried. */
    public static final List<String> LANGUAGES = List.of("en", "de", "fr", "nl", "es", "it");

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
