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
     * given, and the server's own security checks word 401 and 403 in their terms; those are
     * replaced by the contract's wording. {@code ours}: the exception was raised by docex code.
     */
    static String choose(int status, String message, boolean ours) {
        boolean containerAuthMessage = (status == 401 || status == 403) && !ours;
        if (containerAuthMessage || message == null || message.isBlank() || message.startsWith("HTTP " + status)) {
            return forStatus(status);
        }
        return message;
    }
}
