package org.docex.extraction.control;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.docex.extraction.control.custom.CustomFieldReader;
import org.docex.extraction.control.einvoice.EInvoiceFields;
import org.docex.extraction.control.einvoice.EInvoiceReader;
import org.docex.extraction.control.invoice.InvoiceChecks;
import org.docex.extraction.control.invoice.InvoiceTemplate;
import org.docex.extraction.control.keyvalue.KeyValueFields;
import org.docex.extraction.control.ocr.OcrConfidence;
import org.docex.extraction.control.ocr.OcrMode;
import org.docex.extraction.control.ocr.OcrReader;
import org.docex.extraction.control.pdf.AcroFormReader;
import org.docex.extraction.control.pdf.ClientSafeMessage;
import org.docex.extraction.control.pdf.ClientSafePdfOpener;
import org.docex.extraction.control.pdf.MetadataReader;
import org.docex.extraction.control.pdf.PageGeometry;
import org.docex.extraction.control.pdf.PageListing;
import org.docex.extraction.control.pdf.PageTextReader;
import org.docex.extraction.control.pdf.WorkDeadline;
import org.docex.extraction.control.table.Table;
import org.docex.extraction.control.table.TableFinder;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.values.DateOrder;

/**
 * Reads one PDF: metadata, the text of each page, form fields, key-value pairs, the template's
 * fields (from an attached e-invoice where there is one) with their checks, and the client's
 * custom fields. Every failure of a hostile or damaged document ends
 * in an {@link ExtractionFailedException} whose message a client may read. Each call opens its
 * own document and keeps no state, so one extractor may serve several threads.
 */
public class DocumentExtractor {

    private final ExtractionLimits limits;
    private final OcrReader ocr;

    /** An extractor without OCR: pages without a text layer stay empty, and the result says so. */
    public DocumentExtractor(ExtractionLimits limits) {
        this(limits, OcrReader.off());
    }

    public DocumentExtractor(ExtractionLimits limits, OcrReader ocr) {
        this.limits = limits;
        this.ocr = ocr;
    }

    public ExtractionResult extract(Path pdf, Template template, List<CustomField> custom, ProgressListener progress)
            throws ExtractionFailedException {
        return extract(pdf, template, custom, OcrMode.AUTO, progress);
    }

    public ExtractionResult extract(Path pdf, Template template, List<CustomField> custom, OcrMode ocrMode,
                                    ProgressListener progress) throws ExtractionFailedException {
        List<CustomField> fields = custom == null ? List.of() : custom;
        List<String> problems = CustomFieldValidator.problems(fields);
        if (!problems.isEmpty()) {
            throw new ExtractionFailedException("The custom fields are invalid: " + String.join("; ", problems));
        }
        WorkDeadline deadline = WorkDeadline.after(limits.maxProcessingTime());
        try (PDDocument document = ClientSafePdfOpener.open(pdf, limits.maxMainMemoryBytes())) {
            return extract(document, template == null ? Template.GENERIC : template, fields,
                    ocrMode == null ? OcrMode.AUTO : ocrMode, progress == null ? ProgressListener.NONE : progress, deadline);
        } catch (WorkDeadline.DeadlineExceededException e) {
            throw new ExtractionFailedException("The PDF could not be processed within "
                    + limits.maxProcessingTime().toSeconds() + " seconds", e);
        } catch (IOException | RuntimeException e) {
            throw new ExtractionFailedException("The PDF could not be processed: "
                    + ClientSafeMessage.of(e, "it is damaged or malformed"), e);
        } catch (StackOverflowError e) {
            throw new ExtractionFailedException("The PDF is nested too deeply to be processed", e);
        }
    }

    private ExtractionResult extract(PDDocument document, Template template, List<CustomField> custom,
                                     OcrMode ocrMode, ProgressListener progress, WorkDeadline deadline)
            throws IOException, ExtractionFailedException {
        List<PDPage> pages = PageListing.pagesOf(document, limits.maxPages(), deadline);
        Map<String, String> metadata = new LinkedHashMap<>(MetadataReader.read(document, pages.size()));
        List<PageText> layer = PageTextReader.read(document, pages.size(), limits, deadline, progress);
        OcrReader.Pass read = ocr.read(document, layer, ocrMode, limits.maxTextCharsPerPage(), progress, deadline);
        List<PageText> texts = read.texts();
        if (texts.stream().anyMatch(PageText::truncated)) {
            metadata.put("text_truncated", "true");
        }
        DateOrder order = DateOrder.inferFrom(PageText.textsOf(texts));
        AcroFormReader.Outcome form = AcroFormReader.read(document, pages, limits.maxFormFields(), deadline);
        List<ExtractedField> fields = new ArrayList<>(form.fields());
        deadline.check();
        List<Table> tables = TableFinder.find(texts);
        EInvoiceReader.Outcome einvoice = EInvoiceReader.read(document);
        // docex's own rendering of an uploaded XML invoice: its labels are docex's, and the invoice template has every value
        // from the XML itself; key-value pairs would list the same values again, above the invoice's fields.
        if (template != Template.INVOICE || !einvoice.renderedFromXml()) {
            fields.addAll(KeyValueFields.from(withoutTables(texts, tables), order));
        }
        List<String> warnings = new ArrayList<>(read.warnings());
        warnings.addAll(form.warnings());
        warnings.addAll(einvoice.warnings());
        List<ExtractedField> invoiceFields = new ArrayList<>();
        List<Check> checks = new ArrayList<>();
        if (template == Template.INVOICE) {
            List<ExtractedField> printed = OcrConfidence.apply(InvoiceTemplate.extract(texts, tables, order), texts);
            if (einvoice.invoice().isPresent()) {
                EInvoiceFields.Merged merged = EInvoiceFields.merge(einvoice.invoice().get().fields(), printed, texts,
                        einvoice.invoice().get().amountDue());
                invoiceFields.addAll(merged.fields());
                checks.addAll(merged.checks());
                checks.addAll(einvoice.invoice().get().rules());
            } else {
                invoiceFields.addAll(printed);
            }
            InvoiceChecks.Outcome arithmetic = InvoiceChecks.of(invoiceFields);
            invoiceFields = new ArrayList<>(arithmetic.fields());
            checks.addAll(0, arithmetic.checks());
        }
        deadline.check();
        List<ExtractedField> all = new ArrayList<>(OcrConfidence.apply(fields, texts));
        all.addAll(invoiceFields);
        all.addAll(OcrConfidence.apply(new CustomFieldReader(limits.maxRegexSteps(), order, deadline).read(texts, custom), texts));
        return new ExtractionResult(metadata, pageResults(pages, layer, texts, read.sources()), all, warnings, checks,
                tables, einvoice.invoice().map(EInvoiceReader.EInvoice::summary).orElse(null));
    }

    /** The pages without the lines of their tables: a table's header and cells are not key-value pairs. */
    private static List<PageText> withoutTables(List<PageText> texts, List<Table> tables) {
        if (tables.isEmpty()) {
            return texts;
        }
        List<PageText> kept = new ArrayList<>(texts.size());
        for (PageText page : texts) {
            List<BoundingBox> boxes = tables.stream().filter(table -> table.page() == page.pageNumber()).map(Table::bbox).toList();
            kept.add(boxes.isEmpty() ? page : new PageText(page.pageNumber(), page.text(), page.lines().stream()
                    .filter(line -> boxes.stream().noneMatch(box -> contains(box, line.box())))
                    .toList(), page.truncated()));
        }
        return kept;
    }

    private static boolean contains(BoundingBox table, BoundingBox line) {
        double x = (line.x0() + line.x1()) / 2;
        double y = (line.y0() + line.y1()) / 2;
        return x >= table.x0() && x <= table.x1() && y >= table.y0() && y <= table.y1();
    }

    private static List<PageResult> pageResults(List<PDPage> pages, List<PageText> layer, List<PageText> texts,
                                                List<PageSource> sources) {
        List<PageResult> results = new ArrayList<>(pages.size());
        for (int i = 0; i < pages.size(); i++) {
            PageGeometry geometry = PageGeometry.of(pages.get(i));
            PageText text = texts.get(i);
            results.add(new PageResult(i + 1, geometry.displayWidth(), geometry.displayHeight(), geometry.rotation(),
                    text.text(), layer.get(i).hasText(), sources.get(i), text.lines()));
        }
        return results;
    }
}
