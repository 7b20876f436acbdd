package org.docex.security.control;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which new passwords to refuse, after NIST SP 800-63B: a length range and a list of commonly
 * used passwords, no composition rules. Lengths count Unicode code points, not UTF-16 units.
 */
public class PasswordPolicy {

    public static final int MIN_LENGTH = 12;
    public static final int MAX_LENGTH = 256;

    static final String COMMON_PASSWORDS = "common-passwords.txt";
    static final int MIN_CORE = 4;
    static final int MIN_DISTINCT = 4;

    private final Set<String> common;

    PasswordPolicy(Set<String> commonPasswords) {
        this.common = commonPasswords.stream().map(PasswordPolicy::fold).collect(Collectors.toUnmodifiableSet());
    }

    /** The policy with the common-password list shipped in this package (Openwall's password.lst). */
    public static PasswordPolicy bundled() {
        return Bundled.POLICY;
    }

    /** @return empty when acceptable, else a message fit to show the person choosing the password */
    public Optional<String> problem(String password) {
        int length = password == null ? 0 : password.codePointCount(0, password.length());
        if (length < MIN_LENGTH) {
            return Optional.of("Password must be at least " + MIN_LENGTH + " characters");
        }
        if (length > MAX_LENGTH) {
            return Optional.of("Password must be at most " + MAX_LENGTH + " characters");
        }
        if (isGuessable(fold(password))) {
            return Optional.of("Password is too common");
        }
        return Optional.empty();
    }

    /**
     * With a 12-character minimum few list entries are long enough to matter as they stand, so
     * the list also refuses them padded with digits or symbols ({@code password2024!}), and any
     * password that is one short unit repeated ({@code qwertyqwerty}) or has fewer than
     * {@value #MIN_DISTINCT} different characters.
     */
    private boolean isGuessable(String folded) {
        String core = folded.replaceAll("^[^\\p{L}]+|[^\\p{L}]+$", "");
        return common.contains(folded)
                || (core.length() >= MIN_CORE && common.contains(core))
                || isRepetition(folded)
                || folded.codePoints().distinct().count() < MIN_DISTINCT;
    }

    private static boolean isRepetition(String text) {
        int length = text.length();
        for (int unit = 1; unit <= length / 2; unit++) {
            if (length % unit == 0 && text.substring(0, unit).repeat(length / unit).equals(text)) {
                return true;
            }
        }
        return false;
    }

    /** As {@link #problem(String)}, and also refuses the account's own e-mail address or its local part. */
    public Optional<String> problem(String password, String email) {
        Optional<String> problem = problem(password);
        if (problem.isPresent() || email == null || email.isBlank()) {
            return problem;
        }
        String folded = fold(password);
        String address = fold(email.strip());
        int at = address.lastIndexOf('@');
        if (folded.equals(address) || (at > 0 && folded.equals(address.substring(0, at)))) {
            return Optional.of("Password must not be your e-mail address");
        }
        return Optional.empty();
    }

    int commonPasswordCount() {
        return common.size();
    }

    private static String fold(String text) {
        return text.toLowerCase(Locale.ROOT);
    }

    private static final class Bundled {
        static final PasswordPolicy POLICY = new PasswordPolicy(load());

        private static Set<String> load() {
            try (InputStream in = PasswordPolicy.class.getResourceAsStream(COMMON_PASSWORDS)) {
                if (in == null) {
                    throw new IllegalStateException("Missing class path resource " + COMMON_PASSWORDS);
                }
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
                return reader.lines().filter(line -> !line.isEmpty()).collect(Collectors.toSet());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
