package org.docex.extraction.control.pdf;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Calendar;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;

/** The document information dictionary and XMP basics as snake_case keys with trimmed, capped strings. */
public final class MetadataReader {

    static final int MAX_VALUE_LENGTH = 1000;

    private MetadataReader() {
    }

    public static Map<String, String> read(PDDocument document, int pageCount) {
        Map<String, String> metadata = new LinkedHashMap<>();
        PDDocumentInformation info = document.getDocumentInformation();
        put(metadata, "title", info.getTitle());
        put(metadata, "author", info.getAuthor());
        put(metadata, "subject", info.getSubject());
        put(metadata, "keywords", info.getKeywords());
        put(metadata, "creator", info.getCreator());
        put(metadata, "producer", info.getProducer());
        put(metadata, "creation_date", isoInstant(info.getCreationDate()));
        put(metadata, "modification_date", isoInstant(info.getModificationDate()));
        put(metadata, "pdf_version", String.valueOf(document.getVersion()));
        put(metadata, "page_count", String.valueOf(pageCount));
        put(metadata, "encrypted", String.valueOf(document.isEncrypted()));
        XmpReader.read(document).forEach((key, value) -> put(metadata, key, value));
        return metadata;
    }

    static void put(Map<String, String> metadata, String key, String value) {
        if (value == null || metadata.containsKey(key)) {
            return;
        }
        String trimmed = value.strip().replace('\u0000', ' ');
        if (trimmed.isEmpty()) {
            return;
        }
        metadata.put(key, trimmed.length() > MAX_VALUE_LENGTH ? trimmed.substring(0, MAX_VALUE_LENGTH) : trimmed);
    }

    private static String isoInstant(Calendar calendar) {
        if (calendar == null) {
            return null;
        }
        return DateTimeFormatter.ISO_INSTANT.format(Instant.ofEpochMilli(calendar.getTimeInMillis()));
    }
}
