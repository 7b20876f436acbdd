package org.docex.documents.control;

/** A page number outside the document; the message is safe to show to the client. */
public class PageNotFoundException extends Exception {

    public PageNotFoundException(int pageNumber) {
        super("Page " + pageNumber + " not found");
    }
}
