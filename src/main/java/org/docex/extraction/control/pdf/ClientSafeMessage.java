package org.docex.extraction.control.pdf;

/** Turns a library exception into words a client may read: no class names, no stack, bounded length. */
public final class ClientSafeMessage {

    private static final int MAX_LENGTH = 200;

    private ClientSafeMessage() {
    }

    public static String of(Throwable error, String fallback) {
        String message = error.getMessage();
        if (message == null || message.isBlank() || looksInternal(message)) {
            return fallback;
        }
        String oneLine = message.strip().replaceAll("\\s+", " ");
        return oneLine.length() > MAX_LENGTH ? oneLine.substring(0, MAX_LENGTH) + "..." : oneLine;
    }

    private static boolean looksInternal(String message) {
        return message.contains("java.") || message.contains("org.") || message.contains("Exception")
                || message.contains("\tat ") || message.contains("class ");
    }
}
