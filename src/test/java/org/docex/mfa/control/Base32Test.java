package org.docex.mfa.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class Base32Test {

    /** RFC 4648 section 10, with the padding this codec leaves off. */
    @ParameterizedTest
    @CsvSource({"'', ''", "f, MY", "fo, MZXQ", "foo, MZXW6", "foob, MZXW6YQ", "fooba, MZXW6YTB", "foobar, MZXW6YTBOI"})
    void encodesTheRfc4648Vectors(String text, String expected) {
        assertEquals(expected, Base32.encode(text.getBytes(StandardCharsets.US_ASCII)));
    }

    @ParameterizedTest
    @CsvSource({"'', ''", "f, MY======", "fo, MZXQ====", "foo, MZXW6===", "foob, MZXW6YQ=", "fooba, MZXW6YTB",
            "foobar, MZXW6YTBOI======", "foobar, MZXW6YTBOI", "foobar, mzxw6ytboi"})
    void decodesTheRfc4648VectorsPaddedOrNotInEitherCase(String expected, String encoded) {
        assertArrayEquals(expected.getBytes(StandardCharsets.US_ASCII), Base32.decode(encoded));
    }

    @Test
    void everyByteValueRoundTrips() {
        byte[] bytes = new byte[256];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) i;
        }

        assertArrayEquals(bytes, Base32.decode(Base32.encode(bytes)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"MZXW1", "MZXW6!", "M", "MZX", "MZXW6Y", "MZ XW"})
    void refusesForeignCharactersAndImpossibleLengths(String encoded) {
        assertThrows(IllegalArgumentException.class, () -> Base32.decode(encoded));
    }
}
