package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.graphics.state.RenderingMode;
import org.docex.extraction.control.ocr.OcrFixtures;
import org.docex.extraction.control.ocr.OcrMode;
import org.docex.extraction.control.ocr.Scans;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scanners and other programs lay their own OCR over a scan as invisible text. Where that reading
 * failed, docex's OCR reads the page again and its reading is used; where it is as good, it stays.
 */
class ScannerOcrLayerTest {

    @TempDir
    Path dir;

    @Test
    void aGarbledInvisibleLayerIsReadAgainByOcr() throws Exception {
        InvoiceSpec spec = InvoiceSet.all().get(0);
        Path scan = withInvisibleLayer(scanOf(spec), List.of("1nv0!ce N°: RE·?0(1) ¦¦", "T0ta!  1O0,0ö €€ ¤¤", "AP!me!ster Consu!t!ng HtllON", "11ö7/2¤22 ,utNDR!CHS7R.114A"));

        ExtractionResult result = extract(scan);

        assertEquals("ocr", result.pages().get(0).source().source());
        assertEquals(spec.expected().get("invoice_number"), template(result).get("invoice_number"));
        assertEquals(spec.expected().get("total_amount"), template(result).get("total_amount"));
    }

    @Test
    void aGoodInvisibleLayerIsKept() throws Exception {
        InvoiceSpec spec = InvoiceSet.all().get(0);
        Path scan = withInvisibleLayer(scanOf(spec), List.of("Invoice No: LAYER-4711", "Total: 123.45 EUR"));

        ExtractionResult result = extract(scan);

        assertEquals("text_layer", result.pages().get(0).source().source());
        assertEquals("LAYER-4711", template(result).get("invoice_number"));
    }

    private Path scanOf(InvoiceSpec spec) {
        return Scans.scan(InvoiceRenderer.render(spec, dir), dir.resolve(spec.id() + "-scan.pdf"), 0.3, 1);
    }

    private ExtractionResult extract(Path pdf) throws ExtractionFailedException {
        return new DocumentExtractor(ExtractionLimits.defaults(), OcrFixtures.reader())
                .extract(pdf, Template.INVOICE, List.of(), OcrMode.AUTO, ProgressListener.NONE);
    }

    private static Map<String, String> template(ExtractionResult result) {
        return result.fields().stream().filter(field -> field.source().equals(ExtractedField.TEMPLATE))
                .collect(Collectors.toMap(ExtractedField::name, ExtractedField::value, (a, b) -> a));
    }

    /** The scan with {@code lines} written over it in invisible text (render mode 3), as a scanner's OCR writes its layer. */
    private Path withInvisibleLayer(Path scan, List<String> lines) throws IOException {
        Path layered = dir.resolve("layered-" + scan.getFileName());
        try (PDDocument document = Loader.loadPDF(scan.toFile())) {
            PDPage page = document.getPage(0);
            try (PDPageContentStream content = new PDPageContentStream(document, page, PDPageContentStream.AppendMode.APPEND, true)) {
                content.beginText();
                content.setFont(TestPdf.HELVETICA, 10);
                content.setRenderingMode(RenderingMode.NEITHER);
                content.newLineAtOffset(50, page.getMediaBox().getHeight() - 60);
                for (String line : lines) {
                    content.showText(line);
                    content.newLineAtOffset(0, -14);
                }
                content.endText();
            }
            document.save(layered.toFile());
        }
        return layered;
    }
}
