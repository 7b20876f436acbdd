package org.docex.extraction.control.pdf;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.docex.extraction.control.ExtractionFailedException;
import org.docex.extraction.control.ExtractionLimits;
import org.docex.extraction.control.ProgressListener;
import org.docex.extraction.control.text.PageText;

/** The positioned text of every page, reporting progress as pages finish. */
public final class PageTextReader {

    private PageTextReader() {
    }

    public static List<PageText> read(PDDocument document, int pageCount, ExtractionLimits limits,
                                      WorkDeadline deadline, ProgressListener progress)
            throws ExtractionFailedException {
        PageText[] texts = new PageText[pageCount];
        PositionedTextStripper stripper = new PositionedTextStripper(limits.maxTextCharsPerPage(),
                limits.maxTotalChars(), deadline);
        try {
            stripper.read(document, page -> {
                int index = page.pageNumber() - 1;
                if (index >= 0 && index < pageCount) {
                    texts[index] = page;
                    progress.pagesDone(page.pageNumber(), pageCount);
                }
            });
        } catch (WorkDeadline.DeadlineExceededException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new ExtractionFailedException("The text on page " + Math.max(1, stripper.pageInProgress())
                    + " could not be extracted: " + ClientSafeMessage.of(e, "its content is malformed"), e);
        } catch (StackOverflowError e) {
            throw new ExtractionFailedException("The content of page " + Math.max(1, stripper.pageInProgress())
                    + " is nested too deeply to be read", e);
        }
        List<PageText> pages = new ArrayList<>(pageCount);
        for (int i = 0; i < pageCount; i++) {
            pages.add(texts[i] != null ? texts[i] : PageText.empty(i + 1));
        }
        if (pageCount > 0 && texts[pageCount - 1] == null) {
            progress.pagesDone(pageCount, pageCount);
        }
        return pages;
    }
}
