package org.docex.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PasswordPolicyTest {

    private final PasswordPolicy policy = PasswordPolicy.bundled();

    @Test
    void twelveCharactersAreEnoughAndElevenAreNot() {
        assertEquals(Optional.of("Password must be at least 12 characters"), policy.problem("k9#Lw2@pQz7"));
        assertEquals(Optional.empty(), policy.problem("k9#Lw2@pQz7!"));
    }

    @Test
    void twoHundredFiftySixCharactersAreTheMost() {
        assertEquals(Optional.empty(), policy.problem(varied(256)));
        assertEquals(Optional.of("Password must be at most 256 characters"), policy.problem(varied(257)));
    }

    @Test
    void lengthCountsCharactersNotUtf16Units() {
        String twelveEmoji = emoji(12);
        String elevenEmoji = emoji(11);

        assertEquals(Optional.empty(), policy.problem(twelveEmoji));
        assertEquals(Optional.of("Password must be at least 12 characters"), policy.problem(elevenEmoji));
    }

    @Test
    void missingPasswordIsTooShort() {
        assertEquals(Optional.of("Password must be at least 12 characters"), policy.problem(null));
    }

    @ParameterizedTest
    @ValueSource(strings = {"winniethepooh", "WinnieThePooh", "WINNIETHEPOOH"})
    void bundledCommonPasswordIsRefusedInAnyCase(String password) {
        assertEquals(Optional.of("Password is too common"), policy.problem(password));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Password1234", "QWERTYUIOP12", "correcthorse"})
    void listedPasswordsAreRefusedInAnyCase(String password) {
        PasswordPolicy listing = new PasswordPolicy(Set.of("password1234", "qwertyuiop12", "CorrectHorse"));

        assertEquals(Optional.of("Password is too common"), listing.problem(password));
    }

    @ParameterizedTest
    @ValueSource(strings = {"password2024!", "!!monkey123456", "Dragon#1234567", "qwertyqwerty", "abcabcabcabc",
            "aaaaaaaaaaaaaaa", "121212121212", "1212121212123"})
    void commonPasswordsPaddedRepeatedOrTooSimpleAreRefused(String password) {
        assertEquals(Optional.of("Password is too common"), policy.problem(password));
    }

    @ParameterizedTest
    @ValueSource(strings = {"correct horse battery staple", "Tr0ub4dor&3xy", "blue-kettle-river-42"})
    void unusualPasswordsAreAccepted(String password) {
        assertEquals(Optional.empty(), policy.problem(password));
    }

    private static String varied(int length) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; text.length() < length; i++) {
            text.append(Integer.toString(i * 7919, 36));
        }
        return text.substring(0, length);
    }

    private static String emoji(int count) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < count; i++) {
            text.appendCodePoint(0x1F600 + i);
        }
        return text.toString();
    }

    @Test
    void bundledListHasAtLeastAThousandEntries() {
        assertTrue(policy.commonPasswordCount() >= 1000, "entries: " + policy.commonPasswordCount());
    }

    @Test
    void ownEmailAddressOrItsLocalPartIsRefused() {
        String email = "Annabelle.Smith@example.com";

        assertEquals(Optional.of("Password must not be your e-mail address"),
                policy.problem("annabelle.smith@example.com", email));
        assertEquals(Optional.of("Password must not be your e-mail address"), policy.problem("ANNABELLE.SMITH", email));
        assertEquals(Optional.empty(), policy.problem("annabelle.smith-rides-bikes", email));
    }
}
