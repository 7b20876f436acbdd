package org.docex.extraction.control.pdf;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDMetadata;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * A few XMP properties, read with a parser that refuses DTDs and external entities. A missing
 * or broken XMP packet only means fewer metadata keys.
 */
final class XmpReader {

    private static final int MAX_XMP_BYTES = 1024 * 1024;
    private static final String RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
    private static final String[][] PROPERTIES = {
        {"http://ns.adobe.com/xap/1.0/", "CreateDate", "xmp_create_date"},
        {"http://ns.adobe.com/xap/1.0/", "ModifyDate", "xmp_modify_date"},
        {"http://ns.adobe.com/xap/1.0/", "CreatorTool", "xmp_creator_tool"},
        {"http://purl.org/dc/elements/1.1/", "title", "dc_title"},
        {"http://purl.org/dc/elements/1.1/", "creator", "dc_creator"},
        {"http://purl.org/dc/elements/1.1/", "description", "dc_description"},
        {"http://ns.adobe.com/pdf/1.3/", "Producer", "pdf_producer"},
        {"http://ns.adobe.com/pdf/1.3/", "Keywords", "pdf_keywords"},
    };

    private XmpReader() {
    }

    static Map<String, String> read(PDDocument document) {
        Map<String, String> found = new LinkedHashMap<>();
        PDMetadata metadata = document.getDocumentCatalog().getMetadata();
        if (metadata == null) {
            return found;
        }
        try (InputStream in = metadata.createInputStream()) {
            byte[] packet = in.readNBytes(MAX_XMP_BYTES);
            Document xmp = parser().parse(new ByteArrayInputStream(packet));
            for (String[] property : PROPERTIES) {
                String value = valueOf(xmp, property[0], property[1]);
                if (value != null) {
                    found.put(property[2], value);
                }
            }
        } catch (IOException | SAXException | ParserConfigurationException | RuntimeException e) {
            return found;
        }
        return found;
    }

    private static String valueOf(Document xmp, String namespace, String name) {
        NodeList elements = xmp.getElementsByTagNameNS(namespace, name);
        if (elements.getLength() > 0) {
            Element element = (Element) elements.item(0);
            NodeList items = element.getElementsByTagNameNS(RDF, "li");
            String text = items.getLength() > 0 ? items.item(0).getTextContent() : element.getTextContent();
            return text == null || text.isBlank() ? null : text.strip();
        }
        NodeList descriptions = xmp.getElementsByTagNameNS(RDF, "Description");
        for (int i = 0; i < descriptions.getLength(); i++) {
            Element description = (Element) descriptions.item(i);
            if (description.hasAttributeNS(namespace, name)) {
                return description.getAttributeNS(namespace, name);
            }
        }
        return null;
    }

    private static DocumentBuilder parser() throws ParserConfigurationException {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
        factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        factory.setXIncludeAware(false);
        factory.setExpandEntityReferences(false);
        DocumentBuilder builder = factory.newDocumentBuilder();
        builder.setErrorHandler(new DefaultHandler());
        return builder;
    }
}
