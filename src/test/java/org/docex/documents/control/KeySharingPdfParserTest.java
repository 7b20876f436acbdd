package org.docex.documents.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeySharingPdfParserTest {

    @TempDir
    Path directory;

    @Test
    void readsADocumentWithObjectStreamsAsPdfBoxDoes() throws IOException {
        Path pdf = withObjectStreams(120);
        assertTrue(new String(Files.readAllBytes(pdf), StandardCharsets.ISO_8859_1).contains("/ObjStm"),
                "the sample must keep its objects in compressed object streams");

        try (PDDocument ours = MemoryBoundedPdfOpener.open(pdf); PDDocument upstream = Loader.loadPDF(pdf.toFile())) {
            assertEquals(120, ours.getNumberOfPages());
            assertEquals(upstream.getNumberOfPages(), ours.getNumberOfPages());
            assertEquals("Sample with object streams", ours.getDocumentInformation().getTitle());
            String text = new PDFTextStripper().getText(ours);
            assertEquals(new PDFTextStripper().getText(upstream), text);
            assertTrue(text.contains("Page 120 of the sample"), text.substring(Math.max(0, text.length() - 200)));
        }
    }

    private Path withObjectStreams(int pages) throws IOException {
        Path file = directory.resolve("compressed.pdf");
        try (PDDocument document = new PDDocument()) {
            PDDocumentInformation info = new PDDocumentInformation();
            info.setTitle("Sample with object streams");
            document.setDocumentInformation(info);
            PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
            for (int i = 1; i <= pages; i++) {
                PDPage page = new PDPage();
                document.addPage(page);
                try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                    content.beginText();
                    content.setFont(font, 12);
                    content.newLineAtOffset(72, 700);
                    content.showText("Page " + i + " of the sample");
                    content.endText();
                }
            }
            // PDFBox 3 saves with compression by default: objects go into object streams.
            document.save(file.toFile());
        }
        return file;
    }
}
