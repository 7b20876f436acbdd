package org.docex.extraction.control.einvoice;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentNameDictionary;
import org.apache.pdfbox.pdmodel.common.PDNameTreeNode;
import org.apache.pdfbox.pdmodel.common.filespecification.PDComplexFileSpecification;
import org.apache.pdfbox.pdmodel.common.filespecification.PDEmbeddedFile;
import org.apache.pdfbox.pdmodel.common.filespecification.PDFileSpecification;

/**
 * The XML files a PDF carries as attachments (its embedded-files name tree and the document's
 * associated files, as PDF/A-3 and Factur-X put them), read up to a size limit: a file past it is
 * named but not read, whatever its dictionary claims, so a compressed 100 MB attachment costs no
 * more than the limit. Attachments are read one at a time, each stream once, until an invoice is
 * found or {@link #MAX_DOCUMENT_BYTES} have been read.
 */
final class EmbeddedXml {

    // Large invoices of a thousand lines come to about 1 MiB of CII; the parsed tree takes some ten times the bytes.
    static final int MAX_BYTES = 4 * 1024 * 1024;
    /** All the attached XML one document's extraction reads: a few-KB PDF may hold a hundred compressed 4 MiB files. */
    static final long MAX_DOCUMENT_BYTES = 8L * 1024 * 1024;
    private static final int MAX_FILES = 100;
    private static final int MAX_TREE_DEPTH = 10;

    private EmbeddedXml() {
    }

    /** An attached XML file: its bytes, or {@code tooLarge} with none. */
    record Attachment(String name, byte[] bytes, boolean tooLarge) {
    }

    /** An attached file named *.xml, not yet read: the caller reads one at a time and stops at the first invoice. */
    record Candidate(String name, PDEmbeddedFile file) {

        /** Its bytes, at most {@code limit} (and never more than {@link #MAX_BYTES}) read. */
        Attachment read(long limit) throws IOException {
            int most = (int) Math.min(MAX_BYTES, limit);
            try (InputStream in = file.createInputStream()) {
                byte[] bytes = in.readNBytes(most + 1);
                return bytes.length > most ? new Attachment(name, null, true) : new Attachment(name, bytes, false);
            }
        }
    }

    /**
     * The PDF's attached XML files, each stream once: many file specifications may point at one
     * stream, and each would otherwise be read again.
     */
    static List<Candidate> in(PDDocument document) throws IOException {
        List<PDComplexFileSpecification> specs = new ArrayList<>();
        PDDocumentNameDictionary names = document.getDocumentCatalog().getNames();
        if (names != null && names.getEmbeddedFiles() != null) {
            collect(names.getEmbeddedFiles(), specs, 0);
        }
        COSBase associated = document.getDocumentCatalog().getCOSObject().getDictionaryObject(COSName.getPDFName("AF"));
        if (associated instanceof COSArray files) {
            for (int i = 0; i < files.size() && specs.size() < MAX_FILES; i++) {
                if (files.getObject(i) instanceof COSDictionary dictionary
                        && PDFileSpecification.createFS(dictionary) instanceof PDComplexFileSpecification spec
                        && specs.stream().noneMatch(known -> known.getCOSObject() == spec.getCOSObject())) {
                    specs.add(spec);
                }
            }
        }
        List<Candidate> xml = new ArrayList<>();
        Set<COSBase> streams = Collections.newSetFromMap(new IdentityHashMap<>());
        for (PDComplexFileSpecification spec : specs) {
            // Some producers end the name with a NUL or a space ("ZUGFeRD-invoice.xml\0").
            String name = spec.getFilename() == null ? null : spec.getFilename().replaceAll("[\\p{Cntrl}\\s]+$", "");
            PDEmbeddedFile file = embedded(spec);
            if (name != null && file != null && name.toLowerCase(Locale.ROOT).endsWith(".xml") && streams.add(file.getCOSObject())) {
                xml.add(new Candidate(name, file));
            }
        }
        return xml;
    }

    private static void collect(PDNameTreeNode<PDComplexFileSpecification> node, List<PDComplexFileSpecification> specs, int depth)
            throws IOException {
        if (depth > MAX_TREE_DEPTH || specs.size() >= MAX_FILES) {
            return;
        }
        Map<String, PDComplexFileSpecification> leaves = node.getNames();
        if (leaves != null) {
            leaves.values().stream().limit(MAX_FILES - specs.size()).forEach(specs::add);
        }
        List<PDNameTreeNode<PDComplexFileSpecification>> kids = node.getKids();
        if (kids != null) {
            for (PDNameTreeNode<PDComplexFileSpecification> kid : kids) {
                collect(kid, specs, depth + 1);
            }
        }
    }

    private static PDEmbeddedFile embedded(PDComplexFileSpecification spec) {
        return Optional.ofNullable(spec.getEmbeddedFileUnicode())
                .or(() -> Optional.ofNullable(spec.getEmbeddedFile()))
                .or(() -> Optional.ofNullable(spec.getEmbeddedFileDos()))
                .or(() -> Optional.ofNullable(spec.getEmbeddedFileMac()))
                .or(() -> Optional.ofNullable(spec.getEmbeddedFileUnix()))
                .orElse(null);
    }
}
