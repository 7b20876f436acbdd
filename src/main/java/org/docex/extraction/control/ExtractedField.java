package org.docex.extraction.control;

/**
 * One value read out of a document.
 *
 * @param source one of {@code acroform}, {@code key_value}, {@code template}, {@code custom}, {@code embedded_xml},
 *               {@code learned}
 * @param type one of {@code string}, {@code number}, {@code date}, {@code money}, {@code email}, {@code iban}
 * @param page 1-based page number
 * @param bbox where the value is written, or null when it has no place on a page
 * @param learnedFrom for a field found by a rule learned from reviews, the workflow whose committed
 *                    review taught the rule; else null
 */
public record ExtractedField(String name, String value, String raw, String type, double confidence,
                             String source, int page, BoundingBox bbox, String learnedFrom) {

    public static final String ACROFORM = "acroform";
    public static final String KEY_VALUE = "key_value";
    public static final String TEMPLATE = "template";
    public static final String CUSTOM = "custom";
    public static final String EMBEDDED_XML = "embedded_xml";
    /** From an uploaded XML e-invoice (which docex renders as the document's pages). */
    public static final String XML = "xml";
    public static final String LEARNED = "learned";

    /** Whether a field's {@code source} is an e-invoice's XML, attached to a PDF or uploaded as it is: the invoice's own data. */
    public static boolean fromXml(String source) {
        return EMBEDDED_XML.equals(source) || XML.equals(source);
    }

    /** A field read by the extraction itself, not learned. */
    public ExtractedField(String name, String value, String raw, String type, double confidence, String source, int page,
                          BoundingBox bbox) {
        this(name, value, raw, type, confidence, source, page, bbox, null);
    }

    /** This field with its confidence multiplied by {@code factor} (a doubt found later), to three places. */
    public ExtractedField lessSure(double factor) {
        double lowered = Math.round(confidence * factor * 1000.0) / 1000.0;
        return new ExtractedField(name, value, raw, type, lowered, source, page, bbox, learnedFrom);
    }
}
