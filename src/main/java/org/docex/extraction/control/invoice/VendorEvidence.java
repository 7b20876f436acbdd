package org.docex.extraction.control.invoice;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextSegment;
import org.docex.extraction.control.values.LegalForm;
import org.docex.extraction.control.values.ParsedValue;
import org.docex.extraction.control.values.ValueType;
import org.docex.extraction.control.values.Vocabulary;

/**
 * What tells the vendor's address block from the buyer's where the print labels neither: a company
 * writes its own web or e-mail address ("info@hotel-du-pacano.fr" beside "Société Hôtelière du
 * Pacano") and repeats its name in its legal footer. A vendor read from the layout alone (the biggest
 * line, a legal form near the top) gives way to the one unlabelled address block that has such
 * evidence when it has none itself: two blocks side by side otherwise look alike. One per document:
 * its web and e-mail hosts are looked for once, for the vendor and then for the buyer's block.
 */
final class VendorEvidence {

    /** How far a vendor read from the layout alone is trusted; above it, a label or heading said whose name it is. */
    static final double LAYOUT_ONLY = 0.8;
    static final double WITH_EVIDENCE = 0.75;
    /** The lower part of a page, where legal footers and payment slips stand, apart from the address blocks at its top. */
    private static final double FOOTER_SHARE = 0.5;
    private static final int MIN_WORD = 4;
    private static final double TOP_SHARE = 0.45;
    private static final int MIN_FOOTER_NAME = 6;
    /** A logo's word shorter than this is too little to look for its name by. */
    private static final int MIN_LOGO_WORD = 3;
    private static final int MAX_NAME_WORDS = 5;
    /** An amount ending a line, a currency after it or not ("2,50", "1.907,88 EUR"); not a date ("06.05.19"). */
    private static final Pattern ITEM_ROW_END = Pattern.compile(
            "(?<![\\d.,])\\d{1,3}(?:[.,'\u00A0 ]\\d{3})*[.,]\\d{2}(?![\\d.,])(?:\\s?(?:\\p{L}{1,3}\\.?|[€$£]))?\\s*$");
    private static final Pattern EMAIL_HOST = Pattern.compile("[\\w.+-]+@([\\w-]+(?:\\.[\\w-]+)+)", Pattern.UNICODE_CHARACTER_CLASS);
    private static final Pattern WEB_HOST = Pattern.compile("(?i)(?:https?://|www\\.)([\\w-]+(?:\\.[\\w-]+)+)");
    /** Mail providers whose addresses anyone has: they say nothing about whose the document is. */
    private static final Set<String> SHARED_HOSTS = Set.of("gmail", "googlemail", "yahoo", "outlook", "hotmail", "live", "msn",
            "icloud", "me", "aol", "gmx", "web", "t-online", "freenet", "proton", "protonmail", "orange", "free", "wanadoo",
            "laposte", "libero", "tiscali", "telenet", "ziggo", "kpnmail", "mail", "email", "yandex", "qq", "163", "rediffmail");
    /** Name words too common to tie a name to a domain. */
    private static final Set<String> COMMON_WORDS = Set.of("and", "the", "und", "der", "die", "das", "les", "des", "group", "groupe",
            "gruppe", "services", "service", "solutions", "consulting", "international", "company", "compagnie", "invoice",
            "rechnung", "facture", "online", "shop", "store", "bank", "office", "systems", "technologies", "holding", "global");

    private final List<PageText> pages;
    private List<String> hosts;

    private VendorEvidence(List<PageText> pages) {
        this.pages = pages;
    }

    static VendorEvidence of(List<PageText> pages) {
        return new VendorEvidence(pages);
    }

    /**
     * The vendor the layout gave, or the one unlabelled address block on the first page that its own
     * domain or footer names where the layout's choice has no such evidence.
     */
    Optional<ExtractedField> reconsider(Optional<ExtractedField> vendor) {
        if (pages.isEmpty() || vendor.isEmpty() || vendor.get().confidence() > LAYOUT_ONLY || names(vendor.get().value())) {
            return vendor;
        }
        PageText first = pages.get(0);
        String chosen = vendor.get().value();
        List<TextSegment> evidenced = new ArrayList<>();
        for (AddressBlocks.Block block : AddressBlocks.on(first)) {
            block.nameLine().filter(line -> !line.text().contains(chosen))
                    .filter(line -> names(nameOf(line)))
                    .ifPresent(evidenced::add);
        }
        if (evidenced.isEmpty()) {
            // A name at the top that the document's own domain names, where no address block stands out as one.
            FirstPageLines top = FirstPageLines.of(first);
            first.lines().stream().filter(line -> top.isInTop(line, TOP_SHARE)).flatMap(line -> line.segments().stream())
                    .filter(segment -> InvoiceParties.name(segment.text()).isPresent())
                    .filter(segment -> !segment.text().contains(chosen))
                    .filter(segment -> hasDomain(nameOf(segment), hosts()))
                    .forEach(evidenced::add);
        }
        if (evidenced.stream().map(VendorEvidence::nameOf).distinct().count() != 1) {
            return vendor;
        }
        TextSegment line = evidenced.get(0);
        ParsedValue name = InvoiceParties.name(line.text()).orElseThrow();
        return Optional.of(new ExtractedField(vendor.get().name(), name.value(), line.text(), ValueType.STRING.apiName(), WITH_EVIDENCE,
                ExtractedField.TEMPLATE, first.pageNumber(), line.boxOf(name.start(), name.end())));
    }

    /**
     * The vendor's name written out where the layout gave only its first word: a logo set in a type
     * of its own that OCR reads as "Mercure" or "Cit" above a sender line or footer that spells it
     * ("Mercure Hotel Bochum City, Massenbergstrasse 19-21", "Citadines Michel Hamburg"). The name
     * written most often that begins with the word (or with the letters read of it), two to five
     * words long, the word whole before a longer word it starts, a legal name ("Cyberport GmbH") before
     * others, none from an item's row; the word alone where no such name, or two equally often, are written.
     */
    Optional<ExtractedField> spelledOut(Optional<ExtractedField> vendor) {
        if (vendor.isEmpty() || vendor.get().confidence() > LAYOUT_ONLY) {
            return vendor;
        }
        String word = vendor.get().value().strip().toLowerCase(Locale.ROOT);
        if (word.length() < MIN_LOGO_WORD || !word.chars().allMatch(Character::isLetter)) {
            return vendor;
        }
        Map<String, Integer> times = new HashMap<>();
        Map<String, Written> first = new HashMap<>();
        for (PageText page : pages) {
            for (TextLine line : page.lines()) {
                // An item's row ("City Tax   2,50") names a charge, not the company, however often it is repeated.
                if (!line.text().toLowerCase(Locale.ROOT).contains(word) || ITEM_ROW_END.matcher(line.text()).find()) {
                    continue;
                }
                for (TextSegment segment : line.segments()) {
                    Optional<ParsedValue> name = nameUpToItsLegalForm(segment.text()).filter(found -> beginsWith(found.value(), word));
                    if (name.isPresent()) {
                        String key = name.get().value().toLowerCase(Locale.ROOT);
                        times.merge(key, 1, Integer::sum);
                        first.putIfAbsent(key, new Written(page, segment, name.get()));
                    }
                }
            }
        }
        // The logo's word whole ("Spar Markt Ulm") before a word it starts ("Sparkasse Ulm"): letters cut off are the exception.
        if (times.keySet().stream().anyMatch(key -> firstWordIs(key, word))) {
            times.keySet().removeIf(key -> !firstWordIs(key, word));
        }
        // The company's legal name ("Cyberport GmbH" in the footer) before a shop's or a hotel's ("Cyberport Store Leipzig").
        if (times.keySet().stream().anyMatch(key -> hasLegalForm(first.get(key)))) {
            times.keySet().removeIf(key -> !hasLegalForm(first.get(key)));
        }
        int most = times.values().stream().max(Integer::compare).orElse(0);
        List<String> names = times.entrySet().stream().filter(entry -> entry.getValue() == most).map(Map.Entry::getKey).toList();
        if (names.size() != 1) {
            return vendor;
        }
        Written written = first.get(names.get(0));
        return Optional.of(new ExtractedField(vendor.get().name(), written.name().value(), written.segment().text(),
                ValueType.STRING.apiName(), vendor.get().confidence(), ExtractedField.TEMPLATE, written.page().pageNumber(),
                written.segment().boxOf(written.name().start(), written.name().end())));
    }

    /** The name a line starts with, ending at its legal form where one follows ("Cyberport GmbH E-Mail: info@..."). */
    private static Optional<ParsedValue> nameUpToItsLegalForm(String text) {
        Matcher form = VendorNameFinder.LEGAL_FORM.matcher(text);
        String named = form.find() ? text.substring(0, form.end()) : text;
        return InvoiceParties.name(named);
    }

    private static boolean hasLegalForm(Written written) {
        return VendorNameFinder.LEGAL_FORM.matcher(written.name().value()).find();
    }

    private record Written(PageText page, TextSegment segment, ParsedValue name) {
    }

    private static boolean firstWordIs(String name, String word) {
        return name.strip().split("\\s+")[0].equals(word);
    }

    /** Whether {@code name} is two to five words, the first of them {@code word} or starting with it. */
    private static boolean beginsWith(String name, String word) {
        String[] words = name.strip().split("\\s+");
        return words.length >= 2 && words.length <= MAX_NAME_WORDS && words[0].toLowerCase(Locale.ROOT).startsWith(word);
    }

    /** Whether the document's own domain or its footer names {@code vendor}: then the other unlabelled block is the buyer's. */
    boolean names(String vendor) {
        return hasDomain(vendor, hosts()) || inFooter(vendor, pages);
    }

    private List<String> hosts() {
        if (hosts == null) {
            hosts = hostsOf(pages);
        }
        return hosts;
    }

    private static String nameOf(TextSegment line) {
        return InvoiceParties.name(line.text()).orElseThrow().value();
    }

    /**
     * Whether one of the name's words is in a host's name ("pacano" in "hotel-du-pacano"), or the host's
     * name is some of the name's words run together ("hoteldupacano"); never a web address itself.
     */
    private static boolean hasDomain(String name, List<String> hosts) {
        if (name.contains("@") || WEB_HOST.matcher(name).find()) {
            return false;
        }
        List<String> words = words(name);
        List<String> allWords = List.of(name.split("[^\\p{L}\\p{N}]+")).stream().map(VendorEvidence::letters)
                .filter(word -> !word.isEmpty()).toList();
        for (String host : hosts) {
            String label = letters(host);
            if (words.stream().anyMatch(label::contains) || label.length() >= MIN_WORD && runTogether(allWords, label)) {
                return true;
            }
        }
        return false;
    }

    private static boolean runTogether(List<String> words, String label) {
        for (int from = 0; from < words.size(); from++) {
            StringBuilder run = new StringBuilder();
            for (int to = from; to < words.size() && run.length() < label.length(); to++) {
                run.append(words.get(to));
            }
            if (run.toString().equals(label)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code name} is written again on the lower half of the first or the last page: its legal footer, a payment slip. */
    private static boolean inFooter(String name, List<PageText> pages) {
        String wanted = name.strip().toLowerCase(Locale.ROOT);
        if (wanted.length() < MIN_FOOTER_NAME) {
            return false;
        }
        for (PageText page : pages.size() > 1 ? List.of(pages.get(0), pages.get(pages.size() - 1)) : pages) {
            double footer = InvoiceParties.lowerPartStart(page, FOOTER_SHARE);
            boolean repeated = page.lines().stream().filter(line -> line.box().y0() >= footer)
                    .anyMatch(line -> line.segments().stream()
                            .anyMatch(segment -> segment.text().toLowerCase(Locale.ROOT).contains(wanted)));
            if (repeated) {
                return true;
            }
        }
        return false;
    }

    /**
     * The names of the hosts the document's web and e-mail addresses are at, without shared mail
     * providers ("hotel-du-pacano"), and without the addresses written in the recipient's block
     * (on a "To:" or "Bill to" line and the lines under it).
     */
    private static List<String> hostsOf(List<PageText> pages) {
        List<String> hosts = new ArrayList<>();
        for (PageText page : pages) {
            int recipientUntil = -1;
            for (int l = 0; l < page.lines().size(); l++) {
                String text = page.lines().get(l).text();
                if (VendorNameFinder.RECIPIENT_LABEL.matcher(text).find()) {
                    recipientUntil = l + VendorNameFinder.RECIPIENT_BLOCK_LINES;
                }
                if (l > recipientUntil) {
                    addHosts(text, hosts);
                }
            }
        }
        return hosts;
    }

    private static void addHosts(String text, List<String> hosts) {
        // Most lines hold no address at all: the expressions run only where one may start.
        if (text.indexOf('@') < 0) {
            String lower = text.toLowerCase(Locale.ROOT);
            if (!lower.contains("www.") && !lower.contains("http")) {
                return;
            }
        }
        for (Pattern pattern : List.of(EMAIL_HOST, WEB_HOST)) {
            Matcher matcher = pattern.matcher(text);
            while (matcher.find()) {
                String[] labels = matcher.group(1).toLowerCase(Locale.ROOT).split("\\.");
                // The label before the top-level domain (and before a second level such as ".co.uk").
                int index = labels.length >= 3 && labels[labels.length - 2].length() <= 3 ? labels.length - 3 : labels.length - 2;
                String host = labels[Math.max(0, index)];
                if (!SHARED_HOSTS.contains(host) && !hosts.contains(host)) {
                    hosts.add(host);
                }
            }
        }
    }

    private static List<String> words(String name) {
        List<String> words = new ArrayList<>();
        for (String word : LegalForm.PATTERN.matcher(name).replaceAll(" ").split("[^\\p{L}\\p{N}]+")) {
            String folded = letters(word);
            if (folded.length() >= MIN_WORD && !COMMON_WORDS.contains(folded)) {
                words.add(folded);
            }
        }
        return words;
    }

    /** Lower-case letters and digits without accents or strokes: "Hôtelière" is "hoteliere", "Łódź" is "lodz". */
    private static String letters(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toLowerCase(Locale.ROOT).toCharArray()) {
            if (c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
                out.append(c);
            } else {
                String plain = Vocabulary.plainLetter(c);
                if (plain != null) {
                    out.append(plain.toLowerCase(Locale.ROOT));
                }
            }
        }
        return out.toString();
    }
}
