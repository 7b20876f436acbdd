package org.docex.extraction.control.einvoice;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import org.docex.documents.control.XmlInvoicePages;

/** The pages of an uploaded XML e-invoice: read as the extraction reads an attached one, printed by {@link InvoicePrint}. */
@ApplicationScoped
public class XmlInvoiceRendering implements XmlInvoicePages {

    /** As much as the extraction reads of an e-invoice's attached XML, which is what the rendering attaches. */
    @Override
    public int maxBytes() {
        return EmbeddedXml.MAX_BYTES;
    }

    @Override
    public Optional<byte[]> render(byte[] xml) throws Unreadable {
        Optional<InvoiceXml.Invoice> invoice;
        try {
            invoice = InvoiceXml.read("", xml);
        } catch (InvoiceXml.Unreadable e) {
            throw new Unreadable("The XML e-invoice could not be read: " + e.getMessage());
        }
        if (invoice.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(InvoicePrint.of(invoice.get(), xml));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
