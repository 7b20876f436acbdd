package org.docex.documents.control;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.filter.FilterFactory;

/**
 * Measures how large a stream becomes once decoded, stopping as soon as it passes a limit. PDFBox decodes
 * most streams (form content, images) completely into the heap before using them, so a 1 MB stream that
 * inflates to 1 GiB must be caught here, by decoding into a counter, before PDFBox is asked to touch it.
 * Image codecs (JPEG, JPEG 2000, CCITT, JBIG2) end the measurement: what they produce is bounded by the
 * image's dimensions, which are checked separately.
 */
final class DecodedSize {

    private static final Set<COSName> IMAGE_CODECS = Set.of(COSName.DCT_DECODE, COSName.DCT_DECODE_ABBREVIATION,
            COSName.JPX_DECODE, COSName.CCITTFAX_DECODE, COSName.CCITTFAX_DECODE_ABBREVIATION, COSName.JBIG2_DECODE);

    private DecodedSize() {
    }

    /** The decoded length of the stream, or {@code limit + 1} once it is known to be larger than the limit. */
    static long of(COSStream stream, long limit) throws IOException {
        try (InputStream raw = stream.createRawInputStream()) {
            return of(raw, stream.getFilters(), stream, limit);
        }
    }

    /** Same for an inline image: its data and its parameters (where filters are named by /F). */
    static long ofInlineImage(byte[] data, COSDictionary parameters, long limit) throws IOException {
        return of(new ByteArrayInputStream(data), parameters.getDictionaryObject(COSName.F, COSName.FILTER),
                parameters, limit);
    }

    private static long of(InputStream raw, COSBase filters, COSDictionary parameters, long limit) throws IOException {
        List<COSName> chain = filterNames(filters);
        int decoders = 0;
        while (decoders < chain.size() && !IMAGE_CODECS.contains(chain.get(decoders))) {
            decoders++;
        }
        InputStream current = raw;
        try {
            for (int index = 0; index < decoders - 1; index++) {
                // Between filters the data is held in memory, but never more than the limit.
                LimitedSink intermediate = new LimitedSink(limit, true);
                FilterFactory.INSTANCE.getFilter(chain.get(index)).decode(current, intermediate, parameters, index);
                current = intermediate.asInput();
            }
            LimitedSink counter = new LimitedSink(limit, false);
            if (decoders == 0) {
                current.transferTo(counter);
            } else {
                FilterFactory.INSTANCE.getFilter(chain.get(decoders - 1)).decode(current, counter, parameters, decoders - 1);
            }
            return counter.count;
        } catch (LimitPassed e) {
            return limit + 1;
        }
    }

    private static List<COSName> filterNames(COSBase filters) {
        List<COSName> names = new ArrayList<>();
        if (filters instanceof COSName name) {
            names.add(name);
        } else if (filters instanceof COSArray array) {
            for (COSBase entry : array) {
                if (entry instanceof COSName name) {
                    names.add(name);
                }
            }
        }
        return names;
    }

    private static final class LimitPassed extends IOException {
        LimitPassed() {
            super("Decoded data passed its limit");
        }
    }

    /** Counts what a filter writes, keeping it only when another filter reads it next. */
    private static final class LimitedSink extends OutputStream {
        private final long limit;
        private final ByteArrayOutputStream kept;
        private long count;

        LimitedSink(long limit, boolean keep) {
            this.limit = limit;
            this.kept = keep ? new ByteArrayOutputStream() : null;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            count += len;
            if (count > limit) {
                throw new LimitPassed();
            }
            if (kept != null) {
                kept.write(b, off, len);
            }
        }

        InputStream asInput() {
            return new ByteArrayInputStream(kept.toByteArray());
        }
    }
}
