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
     * Jakarta REST implementations fill in messages such as "HTTP 404 Not Found" when none was
     * given; those say nothing a client can use, so they are replaced by our wording.
     */
    static String choose(int status, String message) {
        if (message == null || message.isBlank() || message.startsWith("HTTP " + status)) {
            return forStatus(status);
        }
        return message;
    }
}
