package org.docex.extraction.control.pdf;

import java.io.IOException;
import java.text.Normalizer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.pdmodel.graphics.state.RenderingMode;
import org.apache.pdfbox.text.TextPosition;
import org.docex.extraction.control.GrowingBox;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextToken;

/**
 * Reads the text of every page in reading order together with the displayed box of each token.
 * Text past the per-page or per-document character cap is dropped before PDFBox stores it, and
 * the text-showing operators after the cap are skipped, so a content stream that inflates to
 * gigabytes costs parsing time but no heap.
 */
public final class PositionedTextStripper extends PDFTextStripper {

    private static final Set<String> TEXT_SHOWING_OPERATORS = Set.of("Tj", "TJ", "'", "\"");
    private static final int OPERATORS_BETWEEN_DEADLINE_CHECKS = 1024;

    private final int maxCharsPerPage;
    private final WorkDeadline deadline;
    private final GlyphBoxes glyphBoxes = new GlyphBoxes();
    private final BoldFaces boldFaces = new BoldFaces();
    private final BoundedTextBuffer buffer = new BoundedTextBuffer();
    private final OverlapFilter overlaps = new OverlapFilter();
    private final RuleCollector rules = new RuleCollector();
    private final Deque<Boolean> actualTextSequences = new ArrayDeque<>();
    private Consumer<PageText> onPage;
    private long charsLeftInDocument;
    private int glyphsOnPage;
    private int invisibleGlyphs;
    /** The share of a page's glyphs drawn invisibly from which its text counts as an OCR layer. */
    private static final double INVISIBLE_SHARE = 0.8;
    private int operatorCount;
    private PageGeometry geometry;
    private List<TextLine> lines = new ArrayList<>();
    private List<TextToken> currentLine = new ArrayList<>();
    /**
     * The page's glyphs drawn at a slant (a watermark or stamp across the page, "COPY", "PAID"), in
     * the order drawn: PDFBox would sort them into the lines they cross ("Observacio OLO nes"), so
     * they are kept out of the lines and written as text of their own after the page's lines.
     */
    private final StringBuilder slanted = new StringBuilder();
    private TextPosition lastSlanted;

    public PositionedTextStripper(int maxCharsPerPage, long maxCharsInDocument, WorkDeadline deadline) {
        this.maxCharsPerPage = maxCharsPerPage;
        this.charsLeftInDocument = maxCharsInDocument;
        this.deadline = deadline;
        setSortByPosition(true);
        // The same rule, applied by OverlapFilter at a fraction of PDFBox's cost per glyph.
        setSuppressDuplicateOverlappingText(false);
        setLineSeparator("\n");
        setParagraphEnd("");
        setPageEnd("");
    }

    /** Calls {@code onPage} with each page that has content, in order; the page number is 1-based. */
    public void read(PDDocument document, Consumer<PageText> pageConsumer) throws IOException {
        this.onPage = pageConsumer;
        writeText(document, buffer);
    }

    /** The page being read when an error interrupted {@link #read}. */
    public int pageInProgress() {
        return getCurrentPageNo();
    }

    @Override
    protected void startPage(PDPage page) {
        geometry = PageGeometry.of(page);
        rules.startPage(geometry);
        buffer.reset((int) Math.min(maxCharsPerPage, charsLeftInDocument));
        glyphsOnPage = 0;
        invisibleGlyphs = 0;
        overlaps.clear();
        slanted.setLength(0);
        lastSlanted = null;
        lines = new ArrayList<>();
        currentLine = new ArrayList<>();
    }

    @Override
    protected void endPage(PDPage page) throws IOException {
        if (!slanted.isEmpty()) {
            writeLineSeparator();
            writeString(slanted.toString());
        }
        finishLine();
        charsLeftInDocument = Math.max(0, charsLeftInDocument - buffer.length());
        boolean invisible = glyphsOnPage > 0 && invisibleGlyphs >= INVISIBLE_SHARE * glyphsOnPage;
        onPage.accept(new PageText(getCurrentPageNo(), buffer.contents(), lines, buffer.truncated(), rules.rules(), invisible));
    }

    @Override
    protected void processOperator(Operator operator, List<COSBase> operands) throws IOException {
        if (++operatorCount % OPERATORS_BETWEEN_DEADLINE_CHECKS == 0) {
            deadline.check();
        }
        if (buffer.isFull() && TEXT_SHOWING_OPERATORS.contains(operator.getName())) {
            buffer.markTruncated();
            return;
        }
        // Path operators are no text stripper's business; the table finder wants the rules they draw.
        if (!rules.handle(operator.getName(), operands, getGraphicsState().getCurrentTransformationMatrix())) {
            super.processOperator(operator, operands);
        }
    }

    @Override
    protected void processTextPosition(TextPosition text) {
        if (glyphsOnPage >= maxCharsPerPage || buffer.isFull()) {
            buffer.markTruncated();
            return;
        }
        glyphsOnPage++;
        if (getGraphicsState().getTextState().getRenderingMode() == RenderingMode.NEITHER) {
            invisibleGlyphs++;
        }
        if (SlantedText.isSlanted(text.getTextMatrix())) {
            keepSlanted(text);
            return;
        }
        // As PDFBox: text standing in for an /ActualText span is never dropped as a repeat.
        boolean inActualText = !actualTextSequences.isEmpty() && actualTextSequences.peek();
        if (!inActualText && text.getUnicode() != null
                && overlaps.isRepeat(text.getUnicode(), text.getX(), text.getY(), text.getWidth())) {
            return;
        }
        super.processTextPosition(text);
    }

    private void keepSlanted(TextPosition glyph) {
        String unicode = glyph.getUnicode();
        if (unicode == null || unicode.isEmpty()) {
            return;
        }
        if (lastSlanted != null && !slanted.isEmpty() && slanted.charAt(slanted.length() - 1) != ' '
                && !isSpace(unicode) && SlantedText.isWordBreak(lastSlanted.getTextMatrix(),
                        lastSlanted.getWidthDirAdj(), glyph.getTextMatrix())) {
            slanted.append(' ');
        }
        slanted.append(isSpace(unicode) ? " " : unicode);
        lastSlanted = glyph;
    }

    @Override
    public void beginMarkedContentSequence(COSName tag, COSDictionary properties) {
        actualTextSequences.push(properties != null && properties.getString(COSName.ACTUAL_TEXT) != null);
        super.beginMarkedContentSequence(tag, properties);
    }

    @Override
    public void endMarkedContentSequence() {
        actualTextSequences.poll();
        super.endMarkedContentSequence();
    }

    @Override
    protected void writeString(String text, List<TextPosition> positions) throws IOException {
        int offset = buffer.length();
        writeString(text);
        collectTokens(positions, offset, buffer.length());
    }

    @Override
    protected void writeLineSeparator() throws IOException {
        super.writeLineSeparator();
        finishLine();
    }

    private void collectTokens(List<TextPosition> positions, int offset, int limit) {
        StringBuilder token = new StringBuilder();
        GrowingBox box = new GrowingBox();
        double size = 0;
        boolean bold = true;
        int cursor = offset;
        int tokenStart = offset;
        for (TextPosition position : positions) {
            String unicode = position.getUnicode() == null ? "" : position.getUnicode();
            if (isSpace(unicode)) {
                addToken(token, box, size, bold, tokenStart, limit);
                token.setLength(0);
                box.clear();
                size = 0;
                bold = true;
                tokenStart = cursor + unicode.length();
            } else if (isInvisible(unicode)) {
                // A zero-width space or joiner inside a word ("DATE\u200B:") is neither a letter nor a break.
                cursor += unicode.length();
                continue;
            } else {
                glyphBoxes.addBoxOf(position, geometry, box);
                size = Math.max(size, GlyphBoxes.fontSizeOf(position));
                bold &= boldFaces.isBold(position.getFont());
                token.append(unicode);
            }
            cursor += unicode.length();
        }
        addToken(token, box, size, bold, tokenStart, limit);
    }

    /**
     * Whether a glyph's text separates words: white space, and the no-break spaces (U+00A0, U+2007,
     * U+202F) that many invoice producers write between words, which {@code String.isBlank} does
     * not count.
     */
    static boolean isSpace(String unicode) {
        for (int i = 0; i < unicode.length(); i++) {
            char c = unicode.charAt(i);
            if (!Character.isWhitespace(c) && !Character.isSpaceChar(c)) {
                return false;
            }
        }
        return true;
    }

    /** Whether a glyph's text is only format characters (zero-width space, joiners, byte order mark). */
    static boolean isInvisible(String unicode) {
        for (int i = 0; i < unicode.length(); i++) {
            if (Character.getType(unicode.charAt(i)) != Character.FORMAT) {
                return false;
            }
        }
        return true;
    }

    private void addToken(StringBuilder token, GrowingBox box, double size, boolean bold, int start, int limit) {
        if (token.isEmpty() || box.isEmpty() || start >= limit) {
            return;
        }
        currentLine.add(new TextToken(nfc(token), box.box(), size, start, bold));
    }

    /**
     * The token in Unicode's composed form. Text below U+0300, where the first character that
     * composition can change lies, is composed already: it is copied without the normaliser's
     * pass over it (most tokens; about 1% of an extraction).
     */
    static String nfc(CharSequence token) {
        for (int i = 0; i < token.length(); i++) {
            if (token.charAt(i) >= '\u0300') {
                return Normalizer.normalize(token, Normalizer.Form.NFC);
            }
        }
        return token.toString();
    }

    private void finishLine() {
        if (!currentLine.isEmpty()) {
            lines.add(new TextLine(currentLine));
            currentLine = new ArrayList<>();
        }
    }
}
