package org.docex.http;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SignInBodiesTest {

    @Test
    void oneClientTakesAtMostItsShare() {
        SignInBodies bodies = new SignInBodies(10, 3);
        List<Runnable> held = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            held.add(bodies.tryEnter("203.0.113.9"));
        }
        assertNull(bodies.tryEnter("203.0.113.9"), "a fourth body from the same client");
        assertNotNull(bodies.tryEnter("198.51.100.4"), "another client still gets a place");
        held.get(0).run();
        assertNotNull(bodies.tryEnter("203.0.113.9"), "a place given back can be taken again");
    }

    @Test
    void thePoolBoundsAllClientsTogether() {
        SignInBodies bodies = new SignInBodies(2, 2);
        Runnable first = bodies.tryEnter("a");
        assertNotNull(bodies.tryEnter("b"));
        assertNull(bodies.tryEnter("c"), "the pool is full");
        first.run();
        assertNotNull(bodies.tryEnter("c"));
    }

    @Test
    void aClientRefusedForItsShareLeavesThePoolAsItWas() {
        SignInBodies bodies = new SignInBodies(2, 1);
        assertNotNull(bodies.tryEnter("a"));
        assertNull(bodies.tryEnter("a"));
        assertNotNull(bodies.tryEnter("b"), "the refused body took no place of the pool");
    }
}
