package org.docex.documents.control;

import java.time.Instant;

/**
 * Where a document came from: its channel ({@code upload}, {@code folder}, {@code mail}) and, for an
 * intake, the key of what it was taken from (a claimed file, a mail's attachment), which no other
 * document has. A mail's sender, subject, Message-ID and time of receipt are recorded with its
 * documents; they are null for the other channels.
 */
public record DocumentSource(String channel, String key, String from, String subject, String messageId,
                             Instant receivedAt) {

    public static final DocumentSource UPLOAD = new DocumentSource("upload", null, null, null, null, null);

    /** Sizes of the columns the mail's texts are kept in; longer texts are cut to them. */
    public static final int FROM_CHARS = 320;
    public static final int SUBJECT_CHARS = 500;
    public static final int MESSAGE_ID_CHARS = 300;

    public DocumentSource {
        from = cut(from, FROM_CHARS);
        subject = cut(subject, SUBJECT_CHARS);
        messageId = cut(messageId, MESSAGE_ID_CHARS);
    }

    public static DocumentSource folder(String key) {
        return new DocumentSource("folder", key, null, null, null, null);
    }

    public static DocumentSource mail(String key, String from, String subject, String messageId, Instant receivedAt) {
        return new DocumentSource("mail", key, from, subject, messageId, receivedAt);
    }

    /** The same source under another key (a part of a batch). */
    public DocumentSource withKey(String otherKey) {
        return new DocumentSource(channel, otherKey, from, subject, messageId, receivedAt);
    }

    /** Without control characters (a header may carry them), at most {@code max} characters. */
    private static String cut(String text, int max) {
        if (text == null) {
            return null;
        }
        String clean = text.replaceAll("\\p{Cntrl}+", " ").strip();
        if (clean.length() > max) {
            int end = Character.isHighSurrogate(clean.charAt(max - 1)) ? max - 1 : max;
            clean = clean.substring(0, end);
        }
        return clean.isEmpty() ? null : clean;
    }
}
