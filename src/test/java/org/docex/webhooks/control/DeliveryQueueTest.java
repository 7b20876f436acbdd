package org.docex.webhooks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class DeliveryQueueTest {

    @Test
    void listsForInArePaddedToAPowerOfTwoWithTheirFirstElement() {
        assertEquals(List.of(), DeliveryQueue.padded(List.of()));
        assertEquals(List.of("a"), DeliveryQueue.padded(List.of("a")));
        assertEquals(List.of("a", "b"), DeliveryQueue.padded(List.of("a", "b")));
        assertEquals(List.of("a", "b", "c", "a"), DeliveryQueue.padded(List.of("a", "b", "c")));
        assertEquals(List.of("a", "b", "c", "d", "e", "a", "a", "a"), DeliveryQueue.padded(List.of("a", "b", "c", "d", "e")));
        assertEquals(16, DeliveryQueue.padded(List.of("1", "2", "3", "4", "5", "6", "7", "8", "9")).size());
    }
}
