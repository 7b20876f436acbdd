package org.docex.extraction.control.einvoice;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.docex.extraction.control.Check;
import org.w3c.dom.Document;
import org.w3c.dom.ls.DOMImplementationLS;
import org.w3c.dom.ls.LSInput;
import org.w3c.dom.ls.LSResourceResolver;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * The XML schema an e-invoice's syntax defines, checked with the JDK's own validator (check
 * {@code xml_schema}): UBL 2.1 Invoice and CreditNote, UN/CEFACT CII as the Factur-X / ZUGFeRD 2
 * profile the specification identifier names restricts D16B (EXTENDED, the widest, for XRechnung CII
 * and identifiers that name no profile), and ZUGFeRD 1.0. The schemas are resources of docex (see schema/SOURCES.txt
 * beside them); compiled once each, on first use, and never fetched: every import resolves to them,
 * any other reference is refused.
 */
final class EInvoiceSchemas {

    /** The schemas, by the root element they describe. */
    enum Kind {
        CII_MINIMUM("factur-x/MINIMUM/FACTUR-X_MINIMUM.xsd", "Factur-X 1.07 / ZUGFeRD 2.3 MINIMUM schema"),
        CII_BASIC_WL("factur-x/BASIC-WL/FACTUR-X_BASIC-WL.xsd", "Factur-X 1.07 / ZUGFeRD 2.3 BASIC WL schema"),
        CII_BASIC("factur-x/BASIC/FACTUR-X_BASIC.xsd", "Factur-X 1.07 / ZUGFeRD 2.3 BASIC schema"),
        CII_EN16931("factur-x/EN16931/FACTUR-X_EN16931.xsd", "Factur-X 1.07 / ZUGFeRD 2.3 EN 16931 schema"),
        CII_EXTENDED("factur-x/EXTENDED/FACTUR-X_EXTENDED.xsd", "Factur-X 1.07 / ZUGFeRD 2.3 EXTENDED schema"),
        ZUGFERD_1("zugferd-1/ZUGFeRD1p0.xsd", "ZUGFeRD 1.0 schema"),
        UBL_INVOICE("ubl-2.1/maindoc/UBL-Invoice-2.1.xsd", "UBL 2.1 Invoice schema"),
        UBL_CREDIT_NOTE("ubl-2.1/maindoc/UBL-CreditNote-2.1.xsd", "UBL 2.1 CreditNote schema");

        private final String path;
        private final String title;

        Kind(String path, String title) {
            this.path = path;
            this.title = title;
        }
    }

    static final String CHECK = "xml_schema";

    /** The CII schema of the profile a specification identifier names ({@link EInvoiceKinds#profile}). */
    static Kind cii(String profile) {
        return switch (profile == null ? "" : profile) {
            case "minimum" -> Kind.CII_MINIMUM;
            case "basic_wl" -> Kind.CII_BASIC_WL;
            case "basic" -> Kind.CII_BASIC;
            case "en16931" -> Kind.CII_EN16931;
            default -> Kind.CII_EXTENDED;
        };
    }
    private static final String BASE = "docex-schema:/";
    private static final String RESOURCES = "schema/";
    private static final int MAX_ERRORS = 5;
    private static final int MAX_MESSAGE = 300;
    private static final Map<Kind, Schema> COMPILED = new ConcurrentHashMap<>();

    private EInvoiceSchemas() {
    }

    static Check check(Kind kind, Document document) {
        List<String> errors = new ArrayList<>();
        try {
            Validator validator = schema(kind).newValidator();
            validator.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            validator.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            validator.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            validator.setResourceResolver((type, namespace, publicId, systemId, base) -> {
                throw new IllegalArgumentException("no references outside the schema");
            });
            validator.setErrorHandler(new Collecting(errors));
            validator.validate(new DOMSource(document));
        } catch (SAXException stopped) {
            if (errors.isEmpty()) {
                errors.add(shown(stopped.getMessage()));
            }
        } catch (IOException | RuntimeException e) {
            return Check.unavailable(CHECK, "the " + kind.title + " could not be applied");
        }
        if (errors.isEmpty()) {
            return Check.ok(CHECK, "the XML follows the " + kind.title);
        }
        return Check.mismatch(CHECK, "the XML does not follow the " + kind.title + ": " + String.join("; ", errors)
                + (errors.size() >= MAX_ERRORS ? "; and maybe more" : ""));
    }

    private static Schema schema(Kind kind) {
        return COMPILED.computeIfAbsent(kind, EInvoiceSchemas::compile);
    }

    private static Schema compile(Kind kind) {
        try {
            SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            factory.setResourceResolver(new Resources());
            StreamSource source = new StreamSource(open(kind.path), BASE + kind.path);
            return factory.newSchema(source);
        } catch (SAXException | IOException e) {
            throw new IllegalStateException("The " + kind.title + " of docex's resources does not compile", e);
        }
    }

    private static InputStream open(String path) throws IOException {
        InputStream in = EInvoiceSchemas.class.getResourceAsStream(RESOURCES + path);
        if (in == null) {
            throw new IOException("No schema resource " + path);
        }
        return in;
    }

    /** Each import and include, relative to the schema that names it, read from docex's resources; nothing else. */
    private static final class Resources implements LSResourceResolver {

        private final DOMImplementationLS inputs;

        Resources() {
            try {
                inputs = (DOMImplementationLS) DocumentBuilderFactory.newInstance().newDocumentBuilder().getDOMImplementation();
            } catch (ParserConfigurationException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public LSInput resolveResource(String type, String namespace, String publicId, String systemId, String base) {
            URI resolved = base == null ? URI.create(systemId) : URI.create(base).resolve(systemId);
            String name = resolved.toString();
            if (!name.startsWith(BASE) || name.contains("..")) {
                throw new IllegalArgumentException("Schema reference outside docex's schemas: " + shown(name));
            }
            try {
                LSInput input = inputs.createLSInput();
                input.setByteStream(open(name.substring(BASE.length())));
                input.setSystemId(name);
                input.setPublicId(publicId);
                return input;
            } catch (IOException e) {
                throw new IllegalArgumentException("Schema reference to a missing file: " + shown(name), e);
            }
        }
    }

    /** Errors, at most {@link #MAX_ERRORS}; the validation stops there. Warnings are not errors. */
    private record Collecting(List<String> errors) implements ErrorHandler {

        @Override
        public void warning(SAXParseException exception) {
        }

        @Override
        public void error(SAXParseException exception) throws SAXException {
            errors.add(shown(exception.getMessage()));
            if (errors.size() >= MAX_ERRORS) {
                throw exception;
            }
        }

        @Override
        public void fatalError(SAXParseException exception) throws SAXException {
            errors.add(shown(exception.getMessage()));
            throw exception;
        }
    }

    // A validator's message, which may quote the document's values: without control characters, not too long.
    private static String shown(String message) {
        String clean = String.valueOf(message).replaceAll("\\p{Cntrl}", " ");
        return clean.length() > MAX_MESSAGE ? clean.substring(0, MAX_MESSAGE) + "..." : clean;
    }
}
