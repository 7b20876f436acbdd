package org.docex.extraction.control;

import static org.docex.extraction.control.PageLayoutTest.assertBox;
import static org.docex.extraction.control.PageLayoutTest.field;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.interactive.form.PDAcroForm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AcroFormFieldsTest {

    @TempDir
    Path dir;

    @Test
    void filledFieldsAreReportedWithTheirWidgetsDisplayedBoxes() throws Exception {
        Path pdf = filledForm();

        ExtractionResult result = new DocumentExtractor(ExtractionLimits.defaults())
                .extract(pdf, Template.GENERIC, List.of(), ProgressListener.NONE);

        ExtractedField name = field(result, "customer.name");
        assertEquals("Erika Mustermann", name.value());
        assertEquals(ExtractedField.ACROFORM, name.source());
        assertEquals(1.0, name.confidence());
        assertEquals(1, name.page());
        // cropped page: crop box starts at (50, 60) and is 700 high
        assertBox(new BoundingBox(100, 140, 300, 160), name.bbox());

        ExtractedField agreed = field(result, "agree");
        assertEquals("true", agreed.value());
        assertEquals("Yes", agreed.raw());
        assertEquals(2, agreed.page());
        // page rotated by 90 degrees: user (x, y) is displayed at (y, x)
        assertBox(new BoundingBox(500, 100, 512, 112), agreed.bbox());

        assertEquals("false", field(result, "newsletter").value());
    }

    private Path filledForm() throws Exception {
        TestPdf pdf = TestPdf.create().page();
        pdf.currentPage().setCropBox(new PDRectangle(50, 60, 500, 700));
        PDAcroForm form = FormFixtures.acroForm(pdf);
        FormFixtures.textFieldInGroup(form, pdf.currentPage(), "customer", "name", "Erika Mustermann",
                new PDRectangle(150, 600, 200, 20));
        pdf.page(PDRectangle.A4, 90);
        FormFixtures.checkBox(pdf, form, pdf.currentPage(), "agree", true, new PDRectangle(100, 500, 12, 12));
        FormFixtures.checkBox(pdf, form, pdf.currentPage(), "newsletter", false, new PDRectangle(100, 400, 12, 12));
        return pdf.save(dir, "form.pdf");
    }
}
