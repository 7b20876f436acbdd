package org.docex.extraction.control;

import java.io.IOException;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationWidget;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAppearanceDictionary;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAppearanceEntry;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAppearanceStream;
import org.apache.pdfbox.pdmodel.interactive.form.PDAcroForm;
import org.apache.pdfbox.pdmodel.interactive.form.PDCheckBox;
import org.apache.pdfbox.pdmodel.interactive.form.PDNonTerminalField;
import org.apache.pdfbox.pdmodel.interactive.form.PDTextField;

/** Form fields for test PDFs: a text field inside a named group, and check boxes. */
final class FormFixtures {

    private FormFixtures() {
    }

    static PDAcroForm acroForm(TestPdf pdf) {
        PDAcroForm form = new PDAcroForm(pdf.document);
        PDResources resources = new PDResources();
        resources.put(COSName.getPDFName("Helv"), TestPdf.HELVETICA);
        form.setDefaultResources(resources);
        form.setDefaultAppearance("/Helv 10 Tf 0 g");
        pdf.document.getDocumentCatalog().setAcroForm(form);
        return form;
    }

    /** A text field {@code group.name} holding {@code value}, its widget at {@code rect} in user space. */
    static void textFieldInGroup(PDAcroForm form, PDPage page, String group, String name, String value,
                                 PDRectangle rect) throws IOException {
        PDNonTerminalField parent = new PDNonTerminalField(form);
        parent.setPartialName(group);
        PDTextField field = new PDTextField(form);
        field.setPartialName(name);
        field.getCOSObject().setItem(COSName.PARENT, parent.getCOSObject());
        parent.setChildren(java.util.List.of(field));
        PDAnnotationWidget widget = field.getWidgets().get(0);
        widget.setRectangle(rect);
        widget.setPage(page);
        page.getAnnotations().add(widget);
        form.getFields().add(parent);
        field.setValue(value);
    }

    static void checkBox(TestPdf pdf, PDAcroForm form, PDPage page, String name, boolean checked, PDRectangle rect)
            throws IOException {
        PDCheckBox box = new PDCheckBox(form);
        box.setPartialName(name);
        PDAnnotationWidget widget = box.getWidgets().get(0);
        widget.setRectangle(rect);
        widget.setPage(page);
        widget.setAppearance(onOffAppearance(pdf));
        page.getAnnotations().add(widget);
        form.getFields().add(box);
        if (checked) {
            box.check();
        } else {
            box.unCheck();
        }
    }

    private static PDAppearanceDictionary onOffAppearance(TestPdf pdf) {
        COSDictionary states = new COSDictionary();
        states.setItem(COSName.getPDFName("Yes"), square(pdf));
        states.setItem(COSName.Off, square(pdf));
        PDAppearanceDictionary appearance = new PDAppearanceDictionary();
        appearance.setNormalAppearance(new PDAppearanceEntry(states));
        return appearance;
    }

    private static PDAppearanceStream square(TestPdf pdf) {
        PDAppearanceStream stream = new PDAppearanceStream(pdf.document);
        stream.setBBox(new PDRectangle(12, 12));
        stream.setResources(new PDResources());
        return stream;
    }
}
