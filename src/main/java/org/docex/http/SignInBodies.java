package org.docex.http;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;

/**
 * The places for sign-in bodies while they arrive: a pool of their own, so that bodies of other
 * requests can never take sign-in's places, and at most {@link #PER_CLIENT} of them from one client
 * address, so that one client cannot take them all. A sign-in form arrives in milliseconds; only a
 * client that sends it slowly holds a place for long.
 */
final class SignInBodies {

    static final int MAX = 64;
    static final int PER_CLIENT = 8;

    private final Semaphore places;
    private final int perClient;
    private final ConcurrentHashMap<String, Integer> byClient = new ConcurrentHashMap<>();

    SignInBodies() {
        this(MAX, PER_CLIENT);
    }

    SignInBodies(int max, int perClient) {
        this.places = new Semaphore(max);
        this.perClient = perClient;
    }

    /** A place for a body from {@code client}, to be run once to give it back; null when there is none. */
    Runnable tryEnter(String client) {
        if (!places.tryAcquire()) {
            return null;
        }
        boolean[] entered = new boolean[1];
        byClient.compute(client, (address, held) -> {
            int count = held == null ? 0 : held;
            entered[0] = count < perClient;
            return entered[0] ? count + 1 : held;
        });
        if (!entered[0]) {
            places.release();
            return null;
        }
        return () -> leave(client);
    }

    private void leave(String client) {
        byClient.computeIfPresent(client, (address, held) -> held <= 1 ? null : held - 1);
        places.release();
    }
}
