package org.docex.extraction.control;

/** The document cannot be processed; the message is safe to show to the client. */
public class ExtractionFailedException extends Exception {

    public ExtractionFailedException(String message) {
        super(message);
    }

    public ExtractionFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
