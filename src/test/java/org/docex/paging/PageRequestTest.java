package org.docex.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.docex.errors.UnprocessableException;
import org.junit.jupiter.api.Test;

class PageRequestTest {

    @Test
    void defaultsAreOffsetZeroAndFifty() {
        assertEquals(new PageRequest(0, 50), PageRequest.of(null, null));
        assertEquals(new PageRequest(0, 50), PageRequest.of("", " "));
    }

    @Test
    void limitIsOneToTwoHundred() {
        assertEquals(new PageRequest(10, 200), PageRequest.of("10", "200"));
        for (String bad : List.of("0", "201", "-1", "ten", "1.5", "99999999999")) {
            assertThrows(UnprocessableException.class, () -> PageRequest.of("0", bad), bad);
        }
        assertThrows(UnprocessableException.class, () -> PageRequest.of("-1", "10"));
    }

    @Test
    void offsetIsAtMostAMillion() {
        assertEquals(new PageRequest(1_000_000, 200), PageRequest.of("1000000", "200"));
        for (String far : List.of("1000001", "2147483600", "2147483647")) {
            assertThrows(UnprocessableException.class, () -> PageRequest.of(far, "200"), far);
        }
    }

    @Test
    void aPageCarriesItsRequest() {
        Page<String> page = new PageRequest(4, 2).page(List.of("e", "f"), 9);
        assertEquals(new Page<>(List.of("e", "f"), 9, 4, 2), page);
    }
}
