package org.docex.testing;

import java.util.Random;

/** Short random strings built from pieces, to compare a hand-written scanner with the expression it replaces. */
public final class RandomText {

    private final String[] pieces;
    private final Random random;

    public RandomText(long seed, String... pieces) {
        this.pieces = pieces.clone();
        this.random = new Random(seed);
    }

    /** One to {@code maxPieces} pieces, each chosen at random. */
    public String next(int maxPieces) {
        StringBuilder text = new StringBuilder();
        for (int piece = random.nextInt(maxPieces); piece >= 0; piece--) {
            text.append(pieces[random.nextInt(pieces.length)]);
        }
        return text.toString();
    }
}
