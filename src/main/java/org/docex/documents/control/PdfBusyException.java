package org.docex.documents.control;

/** No PDF worker became free in time; the message is safe to show to the client. */
public class PdfBusyException extends Exception {

    public PdfBusyException() {
        super("The server is busy, try again later");
    }
}
