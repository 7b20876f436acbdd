package org.docex.documents.control;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDocument;
import org.apache.pdfbox.cos.COSObjectKey;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.io.RandomAccessRead;
import org.apache.pdfbox.io.RandomAccessStreamCache.StreamCacheCreateFunction;
import org.apache.pdfbox.pdfparser.PDFObjectStreamParser;
import org.apache.pdfbox.pdfparser.PDFParser;

/**
 * PDFBox's own parser, but each compressed object stream looks its objects' keys up in the
 * document parser's key table instead of building one of its own.
 *
 * <p>PDFBox 3.0.8 builds a table of every key of the cross-reference table for each object stream
 * it opens (PDFBOX-6268, open upstream): a document with thousands of objects in hundreds of
 * streams pays thousands times hundreds of hash insertions. Measured on Debian's
 * texlive-latex-base-doc (309 PDFs, 9,116 pages): 89% of the upload's check (open, walk the
 * pages, read the metadata) went there, about 1 ms per page, and the extraction paid it again.
 * The table is the same for every stream of one document, so here it is built once, by the
 * document's parser, and grows as upstream's does when the cross-reference table grows.
 * Everything else is upstream's code path: {@link #parseObjectStreamObject} does what 3.0.8's
 * does, with the stream parser below.
 */
final class KeySharingPdfParser extends PDFParser {

    private static final Logger LOG = Logger.getLogger(KeySharingPdfParser.class.getName());

    /** Objects of each opened object stream not yet asked for, by stream number (as upstream keeps them). */
    private final Map<Long, Map<COSObjectKey, COSBase>> decompressed = new HashMap<>();

    KeySharingPdfParser(RandomAccessRead source, StreamCacheCreateFunction streamCache) throws IOException {
        super(source, "", null, null, streamCache);
    }

    @Override
    protected COSBase parseObjectStreamObject(long streamNumber, COSObjectKey key) throws IOException {
        Map<COSObjectKey, COSBase> waiting = decompressed.computeIfAbsent(streamNumber, number -> new HashMap<>());
        COSBase object = waiting.remove(key);
        if (object != null) {
            return object;
        }
        COSBase stream = document.getObjectFromPool(getObjectKey(streamNumber, 0)).getObject();
        if (stream instanceof COSStream objectStream) {
            try {
                Map<COSObjectKey, COSBase> all = new StreamParser(objectStream, document, this).parseAllObjects();
                object = all.remove(key);
                all.forEach(waiting::putIfAbsent);
            } catch (IOException e) {
                if (!isLenient()) {
                    throw e;
                }
                LOG.log(Level.FINE, e, () -> "Object stream " + streamNumber + " could not be parsed");
            }
        }
        return object;
    }

    /** The key of an object, from the table this parser keeps for the whole document. */
    COSObjectKey sharedKey(long number, int generation) {
        return getObjectKey(number, generation);
    }

    /** Upstream's object stream parser, asking the document's parser for keys. */
    private static final class StreamParser extends PDFObjectStreamParser {

        private final KeySharingPdfParser owner;

        StreamParser(COSStream stream, COSDocument document, KeySharingPdfParser owner) throws IOException {
            super(stream, document);
            this.owner = owner;
        }

        @Override
        protected COSObjectKey getObjectKey(long number, int generation) {
            return owner.sharedKey(number, generation);
        }
    }
}
