package org.docex.documents.control;

/** A page that could not be rendered; the message is safe to show to the client. */
public class PageRenderException extends Exception {

    public PageRenderException(String message) {
        super(message);
    }

    public PageRenderException(String message, Throwable cause) {
        super(message, cause);
    }
}
