package org.docex.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Reports of full A4 pages (40 lines of prose each, with a heading and labelled values such as an
 * invoice carries), written as PDFs ({@link TextPdf}): what the build's training run extracts, and
 * the benchmark's generated corpus (other numbers, seeds and lengths). The same arguments give the
 * same text, so runs compare.
 */
public final class GeneratedReports {

    private static final int LINES_PER_PAGE = 40;
    private static final String[] WORDS = ("the service reads each invoice and contract before a reviewer commits what it "
            + "found quarterly revenue grew while costs for freight storage and insurance fell across most regions "
            + "payment terms remain thirty days net suppliers confirmed delivery dates orders shipped on schedule "
            + "customers in Berlin Munich Hamburg Vienna and Zurich renewed their agreements for another year the "
            + "board approved the budget audit findings were resolved without exception").split(" ");

    private GeneratedReports() {
    }

    /** The files written and their pages in all. */
    public record Written(List<Path> files, long pages) {
    }

    /**
     * Reports numbered {@code first} to {@code first + count - 1}, each of 1 to {@code maxPages} pages,
     * as {@code directory/name-NNN.pdf}; a file already there is kept.
     */
    public static Written write(Path directory, String name, int first, int count, int maxPages) throws IOException {
        Files.createDirectories(directory);
        List<Path> files = new ArrayList<>();
        long pages = 0;
        for (int i = first; i < first + count; i++) {
            int pageCount = 1 + (i * 7) % maxPages;
            Path file = directory.resolve(String.format("%s-%03d.pdf", name, i));
            if (!Files.exists(file)) {
                Files.write(file, TextPdf.of("Quarterly report " + i, reportPages(new Random(i), i, pageCount)));
            }
            files.add(file);
            pages += pageCount;
        }
        return new Written(files, pages);
    }

    private static String[][] reportPages(Random random, int document, int pageCount) {
        String[][] pages = new String[pageCount][];
        for (int p = 0; p < pageCount; p++) {
            List<String> lines = new ArrayList<>();
            lines.add("Quarterly report " + document + ", page " + (p + 1) + " of " + pageCount);
            lines.add("Invoice number: INV-" + (10000 + document * 31 + p));
            lines.add(String.format(Locale.ROOT, "Total: %d.%02d EUR", 100 + random.nextInt(90000), random.nextInt(100)));
            lines.add(String.format(Locale.ROOT, "Date: 2026-%02d-%02d", 1 + random.nextInt(12), 1 + random.nextInt(28)));
            while (lines.size() < LINES_PER_PAGE) {
                lines.add(sentence(random));
            }
            pages[p] = lines.toArray(String[]::new);
        }
        return pages;
    }

    private static String sentence(Random random) {
        StringBuilder line = new StringBuilder();
        while (line.length() < 70) {
            String word = WORDS[random.nextInt(WORDS.length)];
            line.append(line.isEmpty() ? Character.toUpperCase(word.charAt(0)) + word.substring(1) : word).append(' ');
        }
        return line.append(WORDS[random.nextInt(WORDS.length)]).append('.').toString();
    }
}
