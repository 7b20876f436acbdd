package org.docex.errors;

import java.util.Map;

/** Human-readable details for statuses raised without a message of our own (by the container). */
final class StatusDetails {

    private static final Map<Integer, String> DEFAULTS = Map.ofEntries(
            Map.entry(400, "Bad request"),
            Map.entry(401, "Not authenticated"),
            Map.entry(403, "Not enough permissions"),
            Map.entry(404, "Not found"),
            Map.entry(405, "Method not allowed"),
            Map.entry(406, "Not acceptable"),
            Map.entry(409, "Conflict"),
            Map.entry(413, "Request body too large"),
            Map.entry(415, "Unsupported media type"),
            Map.entry(422, "Unprocessable content"),
            Map.entry(429, "Too many requests"),
            Map.entry(500, "Internal server error"));

    private StatusDetails() {
    }

    static String forStatus(int status) {
        return DEFAULTS.getOrDefault(status, status >= 500 ? "Internal server error" : "Request failed");
    }

    /**
     * The message of an exception docex raised; the contract's wording for the status in place of
     * a missing message or one the container wrote. {@code ours}: the exception was raised by docex code.
     */
    static String choose(int status, String message, boolean ours) {
        if (!ours || message == null || message.isBlank()) {
            return forStatus(status);
        }
        return message;
    }
}
