package org.docex.documents.control;

/** An uploaded file that the service will not keep; the message is safe to show to the client. */
public class PdfRejectedException extends Exception {

    public enum Reason {
        NOT_A_PDF, UNREADABLE, PASSWORD_PROTECTED, NO_PAGES, TOO_MANY_PAGES
    }

    private final Reason reason;

    public PdfRejectedException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public PdfRejectedException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }

    static PdfRejectedException notAPdf() {
        return new PdfRejectedException(Reason.NOT_A_PDF, "The file is not a PDF");
    }

    static PdfRejectedException unreadable(Throwable cause) {
        return new PdfRejectedException(Reason.UNREADABLE, "The file is not a readable PDF", cause);
    }

    static PdfRejectedException passwordProtected() {
        return new PdfRejectedException(Reason.PASSWORD_PROTECTED, "The PDF is password-protected");
    }

    static PdfRejectedException noPages() {
        return new PdfRejectedException(Reason.NO_PAGES, "The PDF has no pages");
    }

    static PdfRejectedException tooManyPages(int maxPages) {
        return new PdfRejectedException(Reason.TOO_MANY_PAGES, "The PDF has more than " + maxPages + " pages");
    }
}
