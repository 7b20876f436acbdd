package org.docex.extraction.control.pdf;

import java.io.IOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotation;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationWidget;
import org.apache.pdfbox.pdmodel.interactive.form.PDAcroForm;
import org.apache.pdfbox.pdmodel.interactive.form.PDField;
import org.apache.pdfbox.pdmodel.interactive.form.PDTerminalField;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.ExtractedField;

/** Every filled form field with the page and displayed box of its widget. */
public final class AcroFormReader {

    private AcroFormReader() {
    }

    /** The fields read, and warnings where a value was cut at its size limit. */
    public record Outcome(List<ExtractedField> fields, List<String> warnings) {
    }

    public static Outcome read(PDDocument document, List<PDPage> pages, int maxFields,
                               WorkDeadline deadline) throws IOException {
        // No fix-up: it would build appearance streams, work a read-only extraction does not need.
        PDAcroForm form = document.getDocumentCatalog().getAcroForm(null);
        List<ExtractedField> fields = new ArrayList<>();
        if (form == null) {
            return new Outcome(fields, List.of());
        }
        FormFieldValue.Budget budget = new FormFieldValue.Budget();
        Map<COSDictionary, Integer> widgetPages = widgetPages(pages, deadline);
        int seen = 0;
        for (PDField field : form.getFieldTree()) {
            if (++seen > maxFields) {
                break;
            }
            deadline.check();
            if (field instanceof PDTerminalField terminal) {
                FormFieldValue.of(terminal, budget).ifPresent(value -> fields.add(toField(terminal, value, pages, widgetPages)));
            }
        }
        List<String> warnings = budget.cut().isEmpty() ? List.of() : List.of(String.format(
                "Form field values were cut at %d KiB each and %d KiB in all: %s", FormFieldValue.Budget.MAX_VALUE_BYTES / 1024,
                FormFieldValue.Budget.MAX_DOCUMENT_BYTES / 1024, String.join(", ", budget.cut().stream().limit(10).toList())
                        + (budget.cut().size() > 10 ? " and " + (budget.cut().size() - 10) + " more" : "")));
        return new Outcome(fields, warnings);
    }

    private static ExtractedField toField(PDTerminalField field, FormFieldValue value, List<PDPage> pages,
                                          Map<COSDictionary, Integer> widgetPages) {
        PDAnnotationWidget widget = value.widget(field);
        int page = 0;
        BoundingBox box = null;
        if (widget != null) {
            Integer index = widgetPages.get(widget.getCOSObject());
            if (index != null && widget.getRectangle() != null) {
                page = index + 1;
                box = PageGeometry.of(pages.get(index)).boxOfUserRectangle(widget.getRectangle());
            }
        }
        return new ExtractedField(field.getFullyQualifiedName(), value.shown(), value.raw(), "string", 1.0,
                ExtractedField.ACROFORM, page, box);
    }

    /** A widget's /P entry is optional and sometimes wrong, so its page is found from the pages' annotations. */
    private static Map<COSDictionary, Integer> widgetPages(List<PDPage> pages, WorkDeadline deadline)
            throws IOException {
        Map<COSDictionary, Integer> byWidget = new IdentityHashMap<>();
        for (int i = 0; i < pages.size(); i++) {
            deadline.check();
            for (PDAnnotation annotation : pages.get(i).getAnnotations()) {
                if (annotation instanceof PDAnnotationWidget) {
                    byWidget.putIfAbsent(annotation.getCOSObject(), i);
                }
            }
        }
        return byWidget;
    }
}
