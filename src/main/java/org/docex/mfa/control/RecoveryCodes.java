package org.docex.mfa.control;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One-time codes that stand in for a TOTP code when the authenticator is lost, shown to the
 * user once and stored only as hashes.
 *
 * <p>Each code is 16 symbols from a 31-symbol alphabet: about 79 bits from {@link SecureRandom}.
 * That is why a single fast SHA-256 is enough to store them: unlike a password there is no
 * likely guess to try first, and even against a stolen table of every user's codes a search
 * of 2^79 hashes (minus a few bits for the number of codes) stays out of reach, so a slow
 * salted hash would only make each login check costlier.
 */
public final class RecoveryCodes {

    public static final int COUNT = 10;
    /** No 0/o, 1/i/l: nothing that reads as another symbol when copied from paper. */
    static final String ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
    static final int GROUPS = 4;
    static final int GROUP_LENGTH = 4;

    private static final SecureRandom RANDOM = new SecureRandom();

    private RecoveryCodes() {
    }

    /** Ten distinct codes such as {@code "7kqm-3xhd-p9tw-c2fn"}. */
    public static List<String> generate() {
        Set<String> codes = new LinkedHashSet<>();
        while (codes.size() < COUNT) {
            codes.add(newCode());
        }
        return List.copyOf(codes);
    }

    /** Lower-case hex SHA-256 of the normalised code, so "7KQM 3XHD P9TW C2FN" finds the same hash. */
    public static String hash(String code) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(normalise(code).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    /** Lower case without dashes or whitespace: how a code is compared, whatever way it was typed. */
    public static String normalise(String code) {
        return code == null ? "" : code.toLowerCase(Locale.ROOT).replaceAll("[\\s-]", "");
    }

    private static String newCode() {
        StringBuilder code = new StringBuilder();
        for (int group = 0; group < GROUPS; group++) {
            if (group > 0) {
                code.append('-');
            }
            for (int i = 0; i < GROUP_LENGTH; i++) {
                code.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
            }
        }
        return code.toString();
    }
}
