package org.docex.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

class BenchmarkTest {

    @Test
    void theMedianIsTheMiddleInTheGivenOrderWhateverTheOrderGiven() {
        assertEquals(601.0, Benchmark.median(List.of(716.0, 521.0, 601.0), Comparator.naturalOrder()));
        assertEquals("bb", Benchmark.median(List.of("ccc", "a", "bb"), Comparator.comparingInt(String::length)));
        assertEquals(3, Benchmark.median(List.of(4, 1, 3, 2), Comparator.naturalOrder()), "of an even count, the upper middle");
        assertEquals(7, Benchmark.median(List.of(7), Comparator.naturalOrder()));
    }
}
