package org.docex.extraction.control.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Which user's queued workflow is claimed next. */
class FairShareTest {

    private static final Instant NINE = Instant.parse("2026-11-27T09:00:00Z");
    private final UUID ann = UUID.randomUUID();
    private final UUID bob = UUID.randomUUID();
    private final UUID cem = UUID.randomUUID();

    @Test
    void aUserWithNothingRunningGoesBeforeOneWithHundredsQueuedAndOneRunning() {
        List<UUID> turns = FairShare.turns(List.of(waiting(ann, 500, 0), waiting(bob, 1, 60)), Map.of(ann, 1L), Map.of(ann, NINE), 1);

        assertEquals(List.of(bob), turns);
    }

    @Test
    void withNothingRunningTheUserServedLongestAgoGoesFirstAndNeverServedBeforeThat() {
        Map<UUID, Instant> lastStarted = Map.of(ann, NINE.plusSeconds(600), bob, NINE);

        assertEquals(List.of(cem, bob, ann), FairShare.turns(List.of(waiting(ann, 500, 0), waiting(bob, 3, 10),
                waiting(cem, 1, 20)), Map.of(), lastStarted, 3));
    }

    @Test
    void usersTakeTurnsEachWithTheirOwnWorkflowsAsQueuedAndNoMoreThanTheyHave() {
        List<UUID> turns = FairShare.turns(List.of(waiting(ann, 3, 0), waiting(bob, 3, 10), waiting(cem, 1, 20)),
                Map.of(), Map.of(), 10);

        assertEquals(List.of(ann, bob, cem, ann, bob, ann, bob), turns);
    }

    @Test
    void theFewestRunningComeFirstWhateverTheyHaveQueued() {
        List<UUID> turns = FairShare.turns(List.of(waiting(ann, 5, 0), waiting(bob, 5, 10)), Map.of(ann, 2L), Map.of(), 4);

        assertEquals(List.of(bob, bob, ann, bob), turns, "bob catches up with ann's two running, then they alternate");
    }

    private static FairShare.Waiting waiting(UUID user, long queued, long oldestSecondsAfterNine) {
        return new FairShare.Waiting(user, queued, NINE.plusSeconds(oldestSecondsAfterNine));
    }
}
