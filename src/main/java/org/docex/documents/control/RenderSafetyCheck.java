package org.docex.documents.control;

import static org.docex.documents.control.CosValues.values;

import java.io.IOException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.apache.pdfbox.contentstream.PDContentStream;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdfparser.PDFStreamParser;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;

/**
 * Looks through everything a page can draw before it is drawn, because an OutOfMemoryError in the renderer
 * hits every request of the server, not just this one: images too large (see {@link ImageSizeCheck}) and
 * content streams that decode to more than a budget. The walk covers the page content, form XObjects
 * (nested), tiling patterns, soft masks, Type 3 glyphs, annotation appearances and inline images; its depth,
 * the objects it visits, the decoded content bytes and the tokens it reads are capped, which also bounds what
 * the renderer will be asked to do.
 */
final class RenderSafetyCheck {

    static final String TOO_COMPLEX = "The page is too complex to render";

    private static final int MAX_DEPTH = 20;
    private static final int MAX_OBJECTS = 10_000;
    private static final long MAX_CONTENT_TOKENS = 5_000_000;
    private static final long MAX_CONTENT_BYTES = 32L * 1024 * 1024;

    private final ImageSizeCheck images;
    private final Set<COSBase> visited = Collections.newSetFromMap(new IdentityHashMap<>());
    private long contentTokens;
    private long contentBytes;

    RenderSafetyCheck(long maxImagePixels) {
        this.images = new ImageSizeCheck(maxImagePixels);
    }

    void verify(PDPage page) throws IOException, PageRenderException {
        COSBase contents = page.getCOSObject().getDictionaryObject(COSName.CONTENTS);
        for (COSBase part : contents instanceof COSArray array ? values(array) : values(contents)) {
            if (part instanceof COSStream stream) {
                countContentBytes(stream);
            }
        }
        PDResources resources = page.getResources();
        scanContent(page, resources == null ? null : resources.getCOSObject(), 0);
        for (COSBase annotation : values(page.getCOSObject().getCOSArray(COSName.ANNOTS))) {
            if (annotation instanceof COSDictionary dictionary) {
                scanAppearance(dictionary.getCOSDictionary(COSName.AP));
            }
        }
    }

    private void scanAppearance(COSDictionary appearances) throws IOException, PageRenderException {
        COSBase normal = appearances == null ? null : appearances.getDictionaryObject(COSName.N);
        if (normal instanceof COSStream stream) {
            scanForm(stream, 1);
        } else if (normal instanceof COSDictionary states) {
            for (COSBase state : values(states)) {
                scanForm(state, 1);
            }
        }
    }

    private void scanContent(PDContentStream content, COSDictionary resources, int depth)
            throws IOException, PageRenderException {
        if (depth > MAX_DEPTH || visited.size() > MAX_OBJECTS) {
            throw new PageRenderException(TOO_COMPLEX);
        }
        scanInlineImages(content);
        scanResources(resources, depth);
    }

    private void scanInlineImages(PDContentStream content) throws IOException, PageRenderException {
        PDFStreamParser parser = new PDFStreamParser(content);
        try {
            for (Object token = parser.parseNextToken(); token != null; token = parser.parseNextToken()) {
                if (++contentTokens > MAX_CONTENT_TOKENS) {
                    throw new PageRenderException(TOO_COMPLEX);
                }
                if (token instanceof Operator operator && operator.getImageParameters() != null) {
                    images.checkInline(operator.getImageParameters(), operator.getImageData());
                }
            }
        } finally {
            parser.close();
        }
    }

    private void scanResources(COSDictionary resources, int depth) throws IOException, PageRenderException {
        if (resources == null || !visited.add(resources)) {
            return;
        }
        for (COSBase xObject : values(resources.getCOSDictionary(COSName.XOBJECT))) {
            if (xObject instanceof COSStream stream && COSName.IMAGE.equals(stream.getCOSName(COSName.SUBTYPE))) {
                images.check(stream);
            } else if (xObject instanceof COSStream stream) {
                scanForm(stream, depth + 1);
            }
        }
        for (COSBase pattern : values(resources.getCOSDictionary(COSName.PATTERN))) {
            if (pattern instanceof COSStream tiling) {
                scanForm(tiling, depth + 1);
            }
        }
        for (COSBase state : values(resources.getCOSDictionary(COSName.EXT_G_STATE))) {
            if (state instanceof COSDictionary graphicsState
                    && graphicsState.getDictionaryObject(COSName.SMASK) instanceof COSDictionary softMask) {
                scanForm(softMask.getDictionaryObject(COSName.G), depth + 1);
            }
        }
        for (COSBase font : values(resources.getCOSDictionary(COSName.FONT))) {
            if (font instanceof COSDictionary type3 && COSName.TYPE3.equals(type3.getCOSName(COSName.SUBTYPE))) {
                COSDictionary glyphResources = type3.getCOSDictionary(COSName.RESOURCES);
                for (COSBase glyph : values(type3.getCOSDictionary(COSName.CHAR_PROCS))) {
                    scanForm(glyph, glyphResources == null ? resources : glyphResources, depth + 1);
                }
            }
        }
    }

    private void scanForm(COSBase form, int depth) throws IOException, PageRenderException {
        if (form instanceof COSStream stream) {
            scanForm(stream, stream.getCOSDictionary(COSName.RESOURCES), depth);
        }
    }

    // Any content stream (form, tiling pattern, glyph) is read through a form wrapper: it only supplies the bytes.
    private void scanForm(COSBase form, COSDictionary resources, int depth) throws IOException, PageRenderException {
        if (form instanceof COSStream stream && visited.add(stream)) {
            countContentBytes(stream);
            scanContent(new PDFormXObject(stream), resources, depth);
        }
    }

    // PDFBox decodes form and pattern content into the heap before parsing it: measure it first.
    private void countContentBytes(COSStream stream) throws IOException, PageRenderException {
        long remaining = MAX_CONTENT_BYTES - contentBytes;
        contentBytes += DecodedSize.of(stream, remaining);
        if (contentBytes > MAX_CONTENT_BYTES) {
            throw new PageRenderException(TOO_COMPLEX);
        }
    }
}
