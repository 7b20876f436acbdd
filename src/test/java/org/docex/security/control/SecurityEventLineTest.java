package org.docex.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SecurityEventLineTest {

    @Test
    void writesTypeFieldsAndClientOnOneLine() {
        assertEquals("security-event type=login.failure user=ann@example.com reason=wrong_password client=10.0.0.7",
                SecurityEventLine.format("login.failure", "10.0.0.7", "user", "ann@example.com", "reason", "wrong_password"));
    }

    @Test
    void aSubmittedNameCannotStartALineOrAFieldOfItsOwn() {
        String forged = "x\r\nsecurity-event type=login.success user=admin@docex.test client=1.2.3.4";
        String line = SecurityEventLine.format("login.failure", "10.0.0.7", "user", forged);
        assertFalse(line.contains("\n") || line.contains("\r"), line);
        assertTrue(line.startsWith("security-event type=login.failure user=x%0D%0Asecurity-event%20type=login.success%20"),
                line);
        assertEquals(4, line.split(" ").length, "one field for the whole name: " + line);
    }

    @Test
    void controlFormatAndNonAsciiCharactersAndPercentAreEncoded() {
        assertEquals("a%09b%E2%80%AEc%25d%C3%A9", SecurityEventLine.neutralised("a\tb\u202Ec%dé"));
        assertEquals("%1B[31m", SecurityEventLine.neutralised("\u001b[31m"));
    }

    @Test
    void longValuesAreCutAndMarked() {
        String cut = SecurityEventLine.neutralised("a".repeat(5000));
        assertEquals("a".repeat(SecurityEventLine.MAX_VALUE) + "...", cut);
    }

    @Test
    void missingValuesAreADash() {
        assertEquals("security-event type=access.denied user=- client=-",
                SecurityEventLine.format("access.denied", null, "user", null));
    }

    @Test
    void fieldsComeInPairs() {
        assertThrows(IllegalArgumentException.class, () -> SecurityEventLine.format("x", "c", "user"));
    }
}
