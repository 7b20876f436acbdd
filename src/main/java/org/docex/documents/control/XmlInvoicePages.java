package org.docex.documents.control;

import java.util.Optional;

/**
 * Turns an uploaded XML e-invoice into the pages docex works on: a PDF that shows the invoice for
 * a reviewer and carries the XML, which the extraction reads as the invoice's data. The extraction
 * component implements it (it knows e-invoices); the documents component only asks, so the
 * dependency keeps pointing from extraction to documents.
 */
public interface XmlInvoicePages {

    /**
     * The rendering of {@code xml}, or empty when it is well-formed XML but no e-invoice of a kind
     * docex reads.
     *
     * @throws Unreadable when it is not XML docex accepts (not well-formed, a DTD, an external entity)
     */
    Optional<byte[]> render(byte[] xml) throws Unreadable;

    /** The largest XML e-invoice it reads, in bytes (an upload above it is refused). */
    int maxBytes();

    /** Why an uploaded XML file could not be read, in words for the client. */
    final class Unreadable extends Exception {

        public Unreadable(String message) {
            super(message);
        }
    }
}
