package org.docex.persistence;

import java.util.Optional;
import java.util.UUID;

/** Ids as clients send them in paths and filters: a malformed one names nothing, like an unknown one. */
public final class ResourceId {

    private ResourceId() {
    }

    /**
     * The UUID in its canonical form only: {@link UUID#fromString} also takes short forms such as
     * {@code 1-2-3-4-5}, which would let two spellings name one resource.
     */
    public static Optional<UUID> parse(String id) {
        try {
            UUID uuid = UUID.fromString(id);
            return uuid.toString().equalsIgnoreCase(id) ? Optional.of(uuid) : Optional.empty();
        } catch (IllegalArgumentException | NullPointerException e) {
            return Optional.empty();
        }
    }
}
