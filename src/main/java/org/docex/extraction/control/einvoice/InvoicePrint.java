package org.docex.extraction.control.einvoice;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDDocumentNameDictionary;
import org.apache.pdfbox.pdmodel.PDEmbeddedFilesNameTreeNode;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.common.filespecification.PDComplexFileSpecification;
import org.apache.pdfbox.pdmodel.common.filespecification.PDEmbeddedFile;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

/**
 * A readable print of an XML e-invoice, made so that a reviewer has pages to look at: the parties,
 * numbers and dates, the lines, the totals and the account, labelled in English, with the XML
 * attached as the invoice's data (as a hybrid e-invoice carries it) and marked as docex's own
 * rendering ({@link #RENDERED_FROM_XML}). The extraction then reads the attachment as it reads any
 * hybrid e-invoice and places each field where this print shows it.
 *
 * <p>Drawn with PDFBox's standard Helvetica (no font file to ship): a character outside its
 * Windows-1252 repertoire is printed as "?", and that field then has no place on the page.
 */
final class InvoicePrint {

    /** The document information entry that says a PDF is docex's rendering of an uploaded XML e-invoice. */
    static final String RENDERED_FROM_XML = "DocexRenderedFromXml";
    static final String ATTACHMENT = "invoice.xml";
    private static final float MARGIN = 56;
    private static final float LEADING = 14;
    private static final float SIZE = 10;
    private static final int MAX_DESCRIPTION = 500;
    // The lines' columns: description from the margin, the numbers right-aligned at these x.
    private static final float QUANTITY_RIGHT = 350;
    private static final float PRICE_RIGHT = 425;
    private static final float AMOUNT_RIGHT = 495;
    private static final float RATE_RIGHT = 540;
    private static final float DESCRIPTION_WIDTH = 230;

    private final PDDocument document;
    private final PDType1Font regular = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
    private final PDType1Font bold = new PDType1Font(Standard14Fonts.FontName.HELVETICA_BOLD);
    private final Map<Integer, Boolean> printable = new HashMap<>();
    private PDPageContentStream content;
    private float y;

    private InvoicePrint(PDDocument document) {
        this.document = document;
    }

    static byte[] of(InvoiceXml.Invoice invoice, byte[] xml) throws IOException {
        try (PDDocument document = new PDDocument()) {
            InvoicePrint print = new InvoicePrint(document);
            print.draw(invoice);
            attach(document, xml);
            PDDocumentInformation info = document.getDocumentInformation();
            info.setTitle(EInvoiceKinds.title(invoice) + " " + invoice.fields().getOrDefault("invoice_number", new InvoiceXml.Value("", "string")).value());
            info.setProducer("docex");
            info.setCustomMetadataValue(RENDERED_FROM_XML, invoice.format());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            document.save(out);
            return out.toByteArray();
        }
    }

    private void draw(InvoiceXml.Invoice invoice) throws IOException {
        Map<String, InvoiceXml.Value> fields = invoice.fields();
        newPage();
        try {
            line(bold, 16, MARGIN, EInvoiceKinds.title(invoice));
            y -= 6;
            labelled(fields, "Seller:", "vendor_name");
            labelled(fields, "VAT id:", "vendor_vat_id");
            labelled(fields, "Buyer:", "buyer_name");
            y -= LEADING / 2;
            labelled(fields, "Invoice number:", "invoice_number");
            labelled(fields, "Invoice date:", "invoice_date");
            labelled(fields, "Due date:", "due_date");
            labelled(fields, "Purchase order:", "purchase_order");
            labelled(fields, "Currency:", "currency");
            y -= LEADING;
            lines(invoice);
            y -= LEADING;
            labelled(fields, "Subtotal:", "subtotal_amount");
            labelled(fields, "Tax:", "tax_amount");
            labelled(fields, "Tax rate:", "tax_rate");
            labelled(fields, "Total:", "total_amount");
            y -= LEADING / 2;
            if (fields.containsKey("iban")) {
                row(regular, "IBAN:", PrintVersusXml.grouped(fields.get("iban").value()));
            }
            y -= LEADING;
            line(regular, 8, MARGIN, "Printed by docex from the e-invoice XML (" + invoice.format()
                    + (invoice.specificationId() == null ? "" : " " + invoice.specificationId()) + "), which is the invoice's data.");
        } finally {
            content.close();
        }
    }

    private void lines(InvoiceXml.Invoice invoice) throws IOException {
        if (invoice.lines().isEmpty()) {
            return;
        }
        room(2);
        text(bold, SIZE, MARGIN, "Description");
        right(bold, QUANTITY_RIGHT, "Quantity");
        right(bold, PRICE_RIGHT, "Unit price");
        right(bold, AMOUNT_RIGHT, "Amount");
        right(bold, RATE_RIGHT, "Tax %");
        y -= LEADING;
        for (Map<String, InvoiceXml.Value> line : invoice.lines()) {
            List<String> description = wrapped(value(line, "description"));
            room(description.size());
            right(regular, QUANTITY_RIGHT, value(line, "quantity"));
            right(regular, PRICE_RIGHT, value(line, "unit_price"));
            right(regular, AMOUNT_RIGHT, value(line, "amount"));
            right(regular, RATE_RIGHT, value(line, "tax_rate"));
            for (String part : description) {
                text(regular, SIZE, MARGIN, part);
                y -= LEADING;
            }
        }
        if (invoice.linesCut()) {
            line(regular, SIZE, MARGIN, "(more lines in the e-invoice XML than are printed here)");
        }
    }

    private void labelled(Map<String, InvoiceXml.Value> fields, String label, String name) throws IOException {
        InvoiceXml.Value value = fields.get(name);
        if (value != null) {
            row(regular, label, value.value());
        }
    }

    private void row(PDType1Font font, String label, String value) throws IOException {
        room(1);
        text(font, SIZE, MARGIN, label);
        text(font, SIZE, MARGIN + 110, value);
        y -= LEADING;
    }

    private void line(PDType1Font font, float size, float x, String text) throws IOException {
        room(1);
        text(font, size, x, text);
        y -= size + 4;
    }

    private void text(PDType1Font font, float size, float x, String text) throws IOException {
        content.beginText();
        content.setFont(font, size);
        content.newLineAtOffset(x, y);
        content.showText(printable(font, text));
        content.endText();
    }

    private void right(PDType1Font font, float rightX, String text) throws IOException {
        String shown = printable(font, text);
        text(font, SIZE, rightX - font.getStringWidth(shown) / 1000 * SIZE, shown);
    }

    private void room(int lines) throws IOException {
        if (y - lines * LEADING < MARGIN) {
            content.close();
            newPage();
        }
    }

    private void newPage() throws IOException {
        PDPage page = new PDPage(PDRectangle.A4);
        document.addPage(page);
        content = new PDPageContentStream(document, page);
        y = page.getMediaBox().getHeight() - MARGIN;
    }

    // The description in lines that fit its column, at most MAX_DESCRIPTION characters in all.
    private List<String> wrapped(String text) throws IOException {
        String shown = printable(regular, text.length() > MAX_DESCRIPTION ? text.substring(0, MAX_DESCRIPTION) + "..." : text);
        List<String> lines = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String word : shown.split(" ")) {
            String candidate = current.isEmpty() ? word : current + " " + word;
            if (!current.isEmpty() && regular.getStringWidth(candidate) / 1000 * SIZE > DESCRIPTION_WIDTH) {
                lines.add(current.toString());
                current = new StringBuilder(word);
            } else {
                current = new StringBuilder(candidate);
            }
        }
        lines.add(current.toString());
        return lines;
    }

    // The text with what Helvetica cannot show (outside Windows-1252, control characters) as "?".
    private String printable(PDType1Font font, String text) {
        StringBuilder shown = new StringBuilder(text.length());
        text.codePoints().forEach(c -> shown.append(printable.computeIfAbsent(c, code -> canShow(font, code)) ? Character.toString(c) : "?"));
        return shown.toString();
    }

    private static boolean canShow(PDType1Font font, int codePoint) {
        if (Character.isISOControl(codePoint)) {
            return false;
        }
        try {
            font.encode(Character.toString(codePoint));
            return true;
        } catch (IOException | IllegalArgumentException e) {
            return false;
        }
    }

    private static String value(Map<String, InvoiceXml.Value> values, String name) {
        InvoiceXml.Value value = values.get(name);
        return value == null ? "" : value.value();
    }

    // As a hybrid e-invoice carries its XML: an embedded file in the name tree and in the catalog's /AF.
    private static void attach(PDDocument document, byte[] xml) throws IOException {
        PDEmbeddedFile file = new PDEmbeddedFile(document, new ByteArrayInputStream(xml), COSName.FLATE_DECODE);
        file.setSubtype("text/xml");
        file.setSize(xml.length);
        file.setModDate(Calendar.getInstance());
        PDComplexFileSpecification spec = new PDComplexFileSpecification();
        spec.setFile(ATTACHMENT);
        spec.setFileUnicode(ATTACHMENT);
        spec.setEmbeddedFile(file);
        spec.setEmbeddedFileUnicode(file);
        spec.getCOSObject().setName(COSName.getPDFName("AFRelationship"), "Source");
        PDEmbeddedFilesNameTreeNode tree = new PDEmbeddedFilesNameTreeNode();
        tree.setNames(Map.of(ATTACHMENT, spec));
        PDDocumentNameDictionary names = new PDDocumentNameDictionary(document.getDocumentCatalog());
        names.setEmbeddedFiles(tree);
        document.getDocumentCatalog().setNames(names);
        COSArray associated = new COSArray();
        associated.add(spec);
        document.getDocumentCatalog().getCOSObject().setItem(COSName.getPDFName("AF"), associated);
    }
}
