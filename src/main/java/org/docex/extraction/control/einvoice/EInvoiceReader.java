package org.docex.extraction.control.einvoice;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.docex.extraction.control.Check;
import org.docex.extraction.control.EInvoiceSummary;
import org.docex.extraction.control.ExtractedField;

/**
 * The e-invoice a PDF carries as an XML attachment (Factur-X, ZUGFeRD, XRechnung or UBL), as
 * fields with {@code "source": "embedded_xml"} and confidence 1.0: the XML is the invoice's data,
 * no reading of print is involved. What could not be read is said in warnings and the extraction
 * goes on with the printed text.
 */
public final class EInvoiceReader {

    private EInvoiceReader() {
    }

    /**
     * An e-invoice: what kind it is, its fields and the rules checked on it.
     *
     * @param summary what {@code result.metadata.e_invoice} says of it
     * @param amountDue the amount due (BT-115) where it is not the total with VAT (an advance was paid), else null
     * @param rules   whether the XML follows its schema ({@link EInvoiceSchemas}) and names a known specification, then EN 16931's
     *                rules ({@link En16931Rules}) and XRechnung's ({@link XRechnungRules}) where it claims them, each named by its rule id
     */
    public record EInvoice(EInvoiceSummary summary, List<ExtractedField> fields, List<Check> rules, String amountDue) {
    }

    /** @param renderedFromXml whether the PDF is docex's rendering of an uploaded XML e-invoice */
    public record Outcome(Optional<EInvoice> invoice, List<String> warnings, boolean renderedFromXml) {
    }

    public static Outcome read(PDDocument document) {
        // docex's own rendering of an uploaded XML e-invoice: its fields come from that upload itself.
        boolean rendered = document.getDocumentInformation().getCustomMetadataValue(InvoicePrint.RENDERED_FROM_XML) != null;
        String source = rendered ? ExtractedField.XML : ExtractedField.EMBEDDED_XML;
        List<String> warnings = new ArrayList<>();
        List<EmbeddedXml.Candidate> candidates;
        try {
            candidates = EmbeddedXml.in(document);
        } catch (IOException | RuntimeException e) {
            return new Outcome(Optional.empty(), List.of("The PDF's attachments could not be read"), rendered);
        }
        long left = EmbeddedXml.MAX_DOCUMENT_BYTES;
        for (int i = 0; i < candidates.size(); i++) {
            EmbeddedXml.Candidate candidate = candidates.get(i);
            String name = printable(candidate.name());
            if (left <= 0) {
                warnings.add((candidates.size() - i) + " more attached XML files were not read: "
                        + EmbeddedXml.MAX_DOCUMENT_BYTES / (1024 * 1024) + " MiB of attachments were read without finding an invoice");
                break;
            }
            EmbeddedXml.Attachment attachment;
            try {
                attachment = candidate.read(left);
            } catch (IOException | RuntimeException e) {
                warnings.add("The attached XML " + name + " could not be read");
                continue;
            }
            if (attachment.tooLarge()) {
                warnings.add(left < EmbeddedXml.MAX_BYTES
                        ? "The attached XML " + name + " was not read: the attachments read reached "
                                + EmbeddedXml.MAX_DOCUMENT_BYTES / (1024 * 1024) + " MiB"
                        : "The attached XML " + name + " is larger than " + EmbeddedXml.MAX_BYTES / (1024 * 1024)
                                + " MiB and was not read");
                left -= Math.min(left, EmbeddedXml.MAX_BYTES);
                continue;
            }
            left -= attachment.bytes().length;
            try {
                Optional<InvoiceXml.Invoice> invoice = InvoiceXml.read(attachment.name(), attachment.bytes());
                if (invoice.isPresent()) {
                    if (invoice.get().linesCut()) {
                        warnings.add("The e-invoice has more than " + InvoiceXml.MAX_LINES + " lines; the first "
                                + InvoiceXml.MAX_LINES + " were read");
                    }
                    return new Outcome(Optional.of(fields(invoice.get(), source)), warnings, rendered);
                }
            } catch (InvoiceXml.Unreadable e) {
                warnings.add("The attached XML " + name + " could not be read: " + e.getMessage());
            }
        }
        return new Outcome(Optional.empty(), warnings, rendered);
    }

    private static EInvoice fields(InvoiceXml.Invoice invoice, String source) {
        List<ExtractedField> fields = new ArrayList<>();
        invoice.fields().forEach((name, value) -> fields.add(field(name, value, source)));
        for (int i = 0; i < invoice.lines().size(); i++) {
            String prefix = "line_items." + (i + 1) + ".";
            for (Map.Entry<String, InvoiceXml.Value> column : invoice.lines().get(i).entrySet()) {
                fields.add(field(prefix + column.getKey(), column.getValue(), source));
            }
        }
        List<Check> rules = new ArrayList<>(List.of(invoice.schema(), EInvoiceKinds.specification(invoice)));
        rules.addAll(En16931Rules.check(invoice));
        rules.addAll(XRechnungRules.check(invoice));
        InvoiceXml.Sums sums = invoice.sums();
        String amountDue = sums.duePayable() != null && sums.grandTotal() != null
                && sums.duePayable().compareTo(sums.grandTotal()) != 0 ? org.docex.extraction.control.values.AmountParser.money(sums.duePayable()) : null;
        return new EInvoice(EInvoiceKinds.summary(invoice), fields, rules, amountDue);
    }

    private static ExtractedField field(String name, InvoiceXml.Value value, String source) {
        return new ExtractedField(name, value.value(), value.value(), value.type(), 1.0, source, 1, null);
    }

    // A name from the file, shown in a warning: quoted, without control characters, not too long.
    private static String printable(String name) {
        String clean = name.replaceAll("\\p{Cntrl}", "?");
        return "\"" + (clean.length() > 100 ? clean.substring(0, 100) + "..." : clean) + "\"";
    }
}
