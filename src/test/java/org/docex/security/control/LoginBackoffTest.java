package org.docex.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LoginBackoffTest {

    @ParameterizedTest
    @CsvSource({"0, 0", "1, 0", "4, 0", "5, 30", "6, 60", "7, 120", "8, 240", "9, 480", "10, 900", "11, 900",
            "100, 900", "2147483647, 900"})
    void delayStartsAtFiveFailuresAndDoublesUpToFifteenMinutes(int failures, long seconds) {
        assertEquals(Duration.ofSeconds(seconds), LoginBackoff.delayAfter(failures));
    }

    @Test
    void negativeCountsAreTreatedAsNoFailures() {
        assertEquals(Duration.ZERO, LoginBackoff.delayAfter(-1));
    }
}
