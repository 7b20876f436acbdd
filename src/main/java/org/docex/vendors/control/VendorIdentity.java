package org.docex.vendors.control;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.docex.extraction.control.values.IbanParser;

/**
 * What identifies a vendor: from a committed review (the vendor's VAT id, IBAN, web domain and
 * name as the reviewer confirmed them), and what could on a new document (every VAT-id- or
 * IBAN-like run of characters, every web domain, the name the extraction read).
 */
public final class VendorIdentity {

    /** Fields whose committed value gives the vendor's web domain, where reviewers keep one. */
    private static final List<String> DOMAIN_FIELDS = List.of("vendor_email", "vendor_website", "vendor_web", "vendor_url");
    private static final Pattern DOMAIN = Pattern.compile(
            "(?:@|\\bwww\\.|https?://(?:www\\.)?)((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,24})\\b",
            Pattern.CASE_INSENSITIVE);
    /** Web mail providers: their domain names many senders, no one vendor. */
    private static final Set<String> SHARED_DOMAINS = Set.of("gmail.com", "googlemail.com", "outlook.com", "hotmail.com",
            "live.com", "yahoo.com", "icloud.com", "me.com", "aol.com", "gmx.de", "gmx.net", "web.de", "t-online.de",
            "orange.fr", "free.fr", "laposte.net", "libero.it", "proton.me", "protonmail.com", "mail.com");
    /** A VAT id or an IBAN has 8 to 34 letters and digits, and at least four digits. */
    private static final int SHORTEST = 8;
    private static final int LONGEST = 34;
    /** Written in groups ("DE 123 456 789", "DE89 3704 0044 0532 0130 00"): up to this many words joined. */
    private static final int MOST_GROUPS = 9;
    /** A page of numbers gives at most this many candidates to look up. */
    static final int MAX_CANDIDATES = 5_000;
    /** Pages from the start looked at for identifiers (and the last page). */
    static final int HEAD_PAGES = 2;
    private static final int SHORTEST_NAME = 3;

    private VendorIdentity() {
    }

    /** The vendor's identifiers as a committed review gives them, strongest first. */
    public static List<Identifier> ofCommitted(Map<String, String> committed) {
        List<Identifier> identifiers = new ArrayList<>();
        Optional.ofNullable(committed.get("vendor_vat_id")).map(ValueCandidates::compact)
                .filter(id -> id.length() >= SHORTEST && id.length() <= LONGEST && digits(id) >= 4)
                .ifPresent(id -> identifiers.add(new Identifier(Identifier.VAT_ID, id)));
        Optional.ofNullable(committed.get("iban")).map(ValueCandidates::compact).filter(IbanParser::isValid)
                .ifPresent(iban -> identifiers.add(new Identifier(Identifier.IBAN, iban)));
        for (String field : DOMAIN_FIELDS) {
            Optional.ofNullable(committed.get(field)).flatMap(VendorIdentity::domain)
                    .ifPresent(domain -> identifiers.add(new Identifier(Identifier.DOMAIN, domain)));
        }
        name(committed.get("vendor_name")).ifPresent(name -> identifiers.add(new Identifier(Identifier.NAME, name)));
        return List.copyOf(new LinkedHashSet<>(identifiers));
    }

    /**
     * Whether a committed review's identifiers are enough to keep a memory for its vendor: a VAT id,
     * an IBAN or a domain. A name alone is not: two companies may share one, and their memories must
     * not mix. A name still helps find a vendor known by more.
     */
    public static boolean identifiesOne(List<Identifier> identifiers) {
        return identifiers.stream().anyMatch(identifier -> !identifier.kind().equals(Identifier.NAME));
    }

    /** A vendor's name as identifiers compare names. */
    public static Optional<String> name(String name) {
        return Optional.ofNullable(name).map(NormalText::words).filter(words -> words.length() >= SHORTEST_NAME
                && words.length() <= 500);
    }

    /**
     * What on a document could identify its vendor: VAT-id and IBAN candidates, domains, and the name
     * read. Only the first {@value #HEAD_PAGES} pages and the last are looked at, where letterheads and
     * footers stand: a report of thousands of pages costs no more than an invoice.
     */
    public static Candidates inDocument(DocumentLines document, Optional<String> vendorName) {
        Set<String> numbers = new LinkedHashSet<>();
        Set<String> domains = new LinkedHashSet<>();
        int lastPage = document.lines().isEmpty() ? 0 : document.lines().get(document.lines().size() - 1).page();
        for (LineOnPage line : document.lines()) {
            if (line.page() > HEAD_PAGES && line.page() != lastPage) {
                continue;
            }
            LineWords words = line.words();
            String[] compact = new String[words.size()];
            for (int i = 0; i < compact.length; i++) {
                compact[i] = ValueCandidates.compact(words.word(i));
            }
            for (int first = 0; first < compact.length && numbers.size() < MAX_CANDIDATES; first++) {
                for (String start : starts(compact[first])) {
                    StringBuilder joined = new StringBuilder(start);
                    for (int last = first + 1; joined.length() <= LONGEST; last++) {
                        if (joined.length() >= SHORTEST && digits(joined) >= 4) {
                            numbers.add(joined.toString());
                        }
                        if (last >= Math.min(compact.length, first + MOST_GROUPS)) {
                            break;
                        }
                        joined.append(compact[last]);
                    }
                }
            }
            String text = line.text();
            boolean web = text.indexOf('@') >= 0 || text.indexOf("www.") >= 0 || text.indexOf("WWW.") >= 0
                    || text.indexOf("http") >= 0 || text.indexOf("HTTP") >= 0;
            Matcher matcher = DOMAIN.matcher(web ? text : "");
            while (matcher.find()) {
                domainOf(matcher.group(1)).ifPresent(domains::add);
            }
        }
        return new Candidates(numbers, domains, vendorName.flatMap(VendorIdentity::name));
    }

    /**
     * Where a number may begin in a word: at its start, or after letters of a label written onto it
     * ("USt-IdNr.:DE" holds the start of "DE 123 456 789").
     */
    private static List<String> starts(String word) {
        List<String> starts = new ArrayList<>();
        starts.add(word);
        int letters = 0;
        while (letters < word.length() && Character.isLetter(word.charAt(letters))) {
            letters++;
        }
        // A country's letters ending the label ("...NRDE", "...NRCHE"), or the digits after it ("NR123...").
        for (int prefix = 2; prefix <= 3 && prefix < letters; prefix++) {
            starts.add(word.substring(letters - prefix));
        }
        if (letters > 0 && letters < word.length()) {
            starts.add(word.substring(letters));
        }
        return starts;
    }

    /** The candidates of a document, by kind. */
    public record Candidates(Set<String> numbers, Set<String> domains, Optional<String> name) {

        public boolean isEmpty() {
            return numbers.isEmpty() && domains.isEmpty() && name.isEmpty();
        }
    }

    private static Optional<String> domain(String text) {
        Matcher matcher = DOMAIN.matcher(text.contains("@") || text.contains("/") || text.startsWith("www.") ? text
                : "www." + text.strip());
        return matcher.find() ? domainOf(matcher.group(1)) : Optional.empty();
    }

    private static Optional<String> domainOf(String host) {
        String domain = host.toLowerCase(Locale.ROOT);
        return SHARED_DOMAINS.contains(domain) ? Optional.empty() : Optional.of(domain);
    }

    private static int digits(CharSequence text) {
        int digits = 0;
        for (int i = 0; i < text.length(); i++) {
            if (Character.isDigit(text.charAt(i))) {
                digits++;
            }
        }
        return digits;
    }
}
