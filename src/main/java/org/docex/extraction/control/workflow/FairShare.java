package org.docex.extraction.control.workflow;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.UUID;

/**
 * The order in which queued workflows are claimed: users take turns rather than the oldest workflow
 * going first, so that one user's hundreds of queued extractions do not hold up everyone else's one.
 * Each turn goes to the user with the fewest workflows running (on any node), then to the one served
 * longest ago (never served first), then to the one whose oldest queued workflow is oldest. Each user's
 * own workflows keep their order.
 */
final class FairShare {

    /** A user with queued work: how many, and since when the oldest has waited. */
    record Waiting(UUID user, long queued, Instant oldestQueued) {
    }

    private FairShare() {
    }

    /**
     * The users whose queued workflow is claimed next, one entry per claim, at most {@code max}; a
     * user appears as often as their workflows are to be claimed in this round.
     */
    static List<UUID> turns(List<Waiting> waiting, Map<UUID, Long> running, Map<UUID, Instant> lastStarted, int max) {
        PriorityQueue<Turn> queue = new PriorityQueue<>(Comparator.comparingLong(Turn::load)
                .thenComparing(Turn::lastServed, Comparator.nullsFirst(Comparator.naturalOrder()))
                .thenComparingLong(Turn::sequence)
                .thenComparing(turn -> turn.waiting.oldestQueued())
                .thenComparing(turn -> turn.waiting.user()));
        for (Waiting user : waiting) {
            queue.add(new Turn(user, running.getOrDefault(user.user(), 0L), lastStarted.get(user.user()), 0, 0));
        }
        List<UUID> turns = new ArrayList<>();
        while (turns.size() < max && !queue.isEmpty()) {
            Turn next = queue.poll();
            turns.add(next.waiting.user());
            if (next.taken + 1 < next.waiting.queued()) {
                // Served now: after every user of the same load served before, in the order of this round.
                queue.add(new Turn(next.waiting, next.load + 1, Instant.MAX, turns.size(), next.taken + 1));
            }
        }
        return turns;
    }

    /** {@code sequence}: when in this round the user was last served; {@code taken}: how often. */
    private record Turn(Waiting waiting, long load, Instant lastServed, long sequence, long taken) {
    }
}
