package org.docex.extraction.control.einvoice;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.docex.extraction.control.Check;
import org.docex.extraction.control.invoice.LineItems;
import org.docex.extraction.control.values.AmountParser;
import org.docex.extraction.control.values.PlainDecimal;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * An invoice written as XML: UN/CEFACT Cross Industry Invoice (Factur-X, ZUGFeRD 2, XRechnung CII)
 * or OASIS UBL 2 (Invoice, CreditNote). Parsed by the JDK's parser with DTDs refused outright
 * (which also stops entity expansion such as "billion laughs") and no external entities, schemas or
 * includes; the XML never makes the server read a file or open a connection.
 */
final class InvoiceXml {

    private static final String CII = "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100";
    private static final String RAM = "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100";
    private static final String UDT = "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100";
    private static final String ZF1_RSM = "urn:ferd:CrossIndustryDocument:invoice:1p0";
    private static final String ZF1_RAM = "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12";
    private static final String ZF1_UDT = "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15";
    private static final String UBL_INVOICE = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2";
    private static final String UBL_CREDIT_NOTE = "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2";
    private static final String CBC = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2";
    private static final String CAC = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2";
    private static final Pattern DATE_102 = Pattern.compile("(\\d{4})(\\d{2})(\\d{2})");
    static final int MAX_LINES = LineItems.MAX_LINES;
    static final int MAX_DEPTH = 100;
    private static final String TOO_DEEP = "it nests elements deeper than " + MAX_DEPTH + " levels";

    private InvoiceXml() {
    }

    /** Why an XML file could not be read as an invoice. */
    static final class Unreadable extends Exception {
        Unreadable(String message) {
            super(message);
        }
    }

    /** A value of the invoice: its text and type as the other finders give them. */
    record Value(String value, String type) {
    }

    /**
     * @param syntax          {@code CII} or {@code UBL}
     * @param specificationId the specification identifier (BT-24), null where the XML states none
     * @param typeCode        the document's type code (BT-3, UNTDID 1001), null where the XML states none
     * @param creditNote      whether the XML is a UBL CreditNote, which is a credit note whatever its type code
     * @param fields          invoice fields by name, in the template's order
     * @param lines           each line item's columns by name
     * @param schemaKind      the schema the XML should follow ({@link EInvoiceSchemas}), checked on {@code document}
     *                        only when {@link #schema()} is asked: rendering an upload needs no check
     */
    record Invoice(String format, String syntax, String specificationId, String typeCode, boolean creditNote,
                   Map<String, Value> fields, List<Map<String, Value>> lines, boolean linesCut, Sums sums, Facts facts,
                   EInvoiceSchemas.Kind schemaKind, Document document) {

        /** Whether the XML follows its syntax's schema, checked now. */
        Check schema() {
            return EInvoiceSchemas.check(schemaKind, document);
        }
    }

    /**
     * What XRechnung's national rules (BR-DE-*) ask to be given, as the XML gives it (null or false where it does not).
     *
     * @param sellerContact        whether the seller's contact (BG-6) is given
     * @param sellerTaxIds         whether a seller VAT id (BT-31), tax registration (BT-32) or tax representative (BG-11) is given
     * @param deliverTo            whether a deliver-to address (BG-15) is given
     * @param paymentMeans         the payment means (BG-16): each one's type code (BT-81) and account (BT-84)
     */
    record Facts(String buyerReference, String sellerCity, String sellerPostCode, boolean sellerContact,
                 String sellerContactPoint, String sellerPhone, String sellerEmail, boolean sellerTaxIds, String buyerCity,
                 String buyerPostCode, boolean deliverTo, String deliverToCity, String deliverToPostCode,
                 List<PaymentMeans> paymentMeans, Parties parties) {
    }

    /**
     * What EN 16931's rules ask of the parties and lines beyond the amounts (null or false where the XML does not give it).
     *
     * @param sellerAddress whether the seller's postal address (BG-5) is given, {@code buyerAddress} the buyer's (BG-8)
     * @param unitCodes     each line's unit of measure (BT-130), null for a line without one
     * @param lineVat       each line's VAT category code (BT-151), null for a line without one
     */
    record Parties(boolean sellerAddress, String sellerCountry, boolean buyerAddress, String buyerCountry,
                   List<String> unitCodes, List<String> lineVat) {
    }

    /** One way to pay: its type code (BT-81, UNTDID 4461: 58 SEPA credit transfer, 59 SEPA direct debit, ...) and account (BT-84). */
    record PaymentMeans(String code, String account) {
    }

    /**
     * The amounts EN 16931's calculation rules relate, as the XML states them (null where it does not).
     *
     * @param lineNets    every line's net amount (BT-131), null for a line without one
     * @param allowances  the document level allowances (BT-92), charges (BT-99)
     * @param categories  the VAT breakdown (BG-23)
     */
    record Sums(BigDecimal lineTotal, BigDecimal allowanceTotal, BigDecimal chargeTotal, BigDecimal taxBasis,
                BigDecimal taxTotal, BigDecimal grandTotal, BigDecimal prepaid, BigDecimal rounding, BigDecimal duePayable,
                List<BigDecimal> lineNets, List<BigDecimal> allowances, List<BigDecimal> charges, List<TaxCategory> categories) {
    }

    /** One VAT category of the breakdown: its code (BT-118), rate (BT-119), taxable amount (BT-116) and tax (BT-117). */
    record TaxCategory(String code, BigDecimal rate, BigDecimal basis, BigDecimal tax) {
    }

    /** The invoice in {@code xml}, empty when the XML is no invoice of a known kind. */
    static Optional<Invoice> read(String fileName, byte[] xml) throws Unreadable {
        try {
            return invoice(fileName, parse(xml).getDocumentElement());
        } catch (StackOverflowError deep) {
            // Where the parser's own depth limit is not available (another JAXP implementation on the class path).
            throw new Unreadable(TOO_DEEP);
        }
    }

    private static Optional<Invoice> invoice(String fileName, Element root) {
        String namespace = root.getNamespaceURI();
        if (CII.equals(namespace) && "CrossIndustryInvoice".equals(root.getLocalName())) {
            return Optional.of(cii(fileName, root, CII_NAMES, null));
        }
        if (ZF1_RSM.equals(namespace) && "CrossIndustryDocument".equals(root.getLocalName())) {
            return Optional.of(cii(fileName, root, ZUGFERD_1_NAMES, EInvoiceSchemas.Kind.ZUGFERD_1));
        }
        if (UBL_INVOICE.equals(namespace) && "Invoice".equals(root.getLocalName())) {
            return Optional.of(ubl(root, EInvoiceSchemas.Kind.UBL_INVOICE));
        }
        if (UBL_CREDIT_NOTE.equals(namespace) && "CreditNote".equals(root.getLocalName())) {
            return Optional.of(ubl(root, EInvoiceSchemas.Kind.UBL_CREDIT_NOTE));
        }
        return Optional.empty();
    }

    private static Document parse(byte[] xml) throws Unreadable {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            factory.setXIncludeAware(false);
            factory.setExpandEntityReferences(false);
            try {
                // Real e-invoices nest a dozen levels; a file nested deeper is refused while it is parsed, before
                // anything walks it (a walk down a million levels overflows the stack). The JDK's parser's own limit.
                factory.setAttribute("http://www.oracle.com/xml/jaxp/properties/maxElementDepth", String.valueOf(MAX_DEPTH));
            } catch (IllegalArgumentException notThisParser) {
                // Another JAXP implementation: read() stops a walk that goes too deep.
            }
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(new DefaultHandler());
            builder.setEntityResolver((publicId, systemId) -> {
                throw new SAXException("External entities are not allowed");
            });
            return builder.parse(new ByteArrayInputStream(xml));
        } catch (SAXException e) {
            String message = String.valueOf(e.getMessage());
            throw new Unreadable(message.contains("DOCTYPE") ? "it declares a DTD, which is not allowed"
                    : message.contains("depth") ? TOO_DEEP
                    : message.contains("External entities") ? "it refers to an external entity, which is not allowed"
                    : "it is not well-formed XML");
        } catch (ParserConfigurationException | IOException | IllegalArgumentException e) {
            throw new Unreadable("it could not be parsed");
        }
    }

    /**
     * The element names of one version of CII: the current one (ZUGFeRD 2, Factur-X, XRechnung) and
     * ZUGFeRD 1.0's predecessor (2014-2019, still in archives and in circulation), which holds the same
     * data under other names and namespaces.
     */
    private record CiiNames(String ram, String context, String document, String transaction, String agreement,
                            String settlement, String totals, String rate, String order,
                            String lineAgreement, String lineDelivery, String lineSettlement) {
    }

    private static final CiiNames CII_NAMES = new CiiNames(RAM, "ExchangedDocumentContext", "ExchangedDocument",
            "SupplyChainTradeTransaction", "ApplicableHeaderTradeAgreement",
            "ApplicableHeaderTradeSettlement", "SpecifiedTradeSettlementHeaderMonetarySummation", "RateApplicablePercent",
            "IssuerAssignedID", "SpecifiedLineTradeAgreement", "SpecifiedLineTradeDelivery", "SpecifiedLineTradeSettlement");
    private static final CiiNames ZUGFERD_1_NAMES = new CiiNames(ZF1_RAM, "SpecifiedExchangedDocumentContext",
            "HeaderExchangedDocument", "SpecifiedSupplyChainTradeTransaction", "ApplicableSupplyChainTradeAgreement",
            "ApplicableSupplyChainTradeSettlement",
            "SpecifiedTradeSettlementMonetarySummation", "ApplicablePercent", "ID", "SpecifiedSupplyChainTradeAgreement",
            "SpecifiedSupplyChainTradeDelivery", "SpecifiedSupplyChainTradeSettlement");

    /** @param schema the schema the XML follows, null for the one its profile names */
    private static Invoice cii(String fileName, Element root, CiiNames names, EInvoiceSchemas.Kind schema) {
        String ram = names.ram();
        String profile = text(root, ram, names.context(), "GuidelineSpecifiedDocumentContextParameter", "ID");
        Element document = child(root, ram, names.document());
        Element transaction = child(root, ram, names.transaction());
        Element agreement = child(transaction, ram, names.agreement());
        Element settlement = child(transaction, ram, names.settlement());
        Element totals = child(settlement, ram, names.totals());
        Element seller = child(agreement, ram, "SellerTradeParty");
        Map<String, Value> fields = new LinkedHashMap<>();
        put(fields, "invoice_number", text(document, ram, "ID"), "string");
        put(fields, "invoice_date", date102(text(document, ram, "IssueDateTime", "DateTimeString")), "date");
        put(fields, "due_date", date102(text(settlement, ram, "SpecifiedTradePaymentTerms", "DueDateDateTime", "DateTimeString")), "date");
        put(fields, "total_amount", money(text(totals, ram, "GrandTotalAmount")), "money");
        put(fields, "currency", upper(text(settlement, ram, "InvoiceCurrencyCode")), "string");
        put(fields, "vendor_name", text(seller, ram, "Name"), "string");
        put(fields, "iban", iban(text(settlement, ram, "SpecifiedTradeSettlementPaymentMeans", "PayeePartyCreditorFinancialAccount", "IBANID")), "iban");
        put(fields, "subtotal_amount", money(Optional.ofNullable(text(totals, ram, "TaxBasisTotalAmount"))
                .orElse(text(totals, ram, "LineTotalAmount"))), "money");
        put(fields, "tax_amount", money(text(totals, ram, "TaxTotalAmount")), "money");
        List<Element> taxes = children(settlement, ram, "ApplicableTradeTax");
        if (taxes.size() == 1) {
            put(fields, "tax_rate", number(text(taxes.get(0), ram, names.rate())), "number");
        }
        for (Element registration : children(seller, ram, "SpecifiedTaxRegistration")) {
            Element id = child(registration, ram, "ID");
            if (id != null && "VA".equals(id.getAttribute("schemeID"))) {
                put(fields, "vendor_vat_id", clean(id.getTextContent()), "string");
            }
        }
        put(fields, "buyer_name", text(agreement, ram, "BuyerTradeParty", "Name"), "string");
        put(fields, "purchase_order", text(agreement, ram, "BuyerOrderReferencedDocument", names.order()), "string");
        List<Element> items = children(transaction, ram, "IncludedSupplyChainTradeLineItem");
        List<Map<String, Value>> lines = new ArrayList<>();
        for (Element item : items.subList(0, Math.min(MAX_LINES, items.size()))) {
            Map<String, Value> line = new LinkedHashMap<>();
            put(line, "description", text(item, ram, "SpecifiedTradeProduct", "Name"), "string");
            put(line, "quantity", number(text(item, ram, names.lineDelivery(), "BilledQuantity")), "number");
            put(line, "unit_price", money(text(item, ram, names.lineAgreement(), "NetPriceProductTradePrice", "ChargeAmount")), "money");
            put(line, "amount", money(text(item, ram, names.lineSettlement(),
                    "SpecifiedTradeSettlementLineMonetarySummation", "LineTotalAmount")), "money");
            if (!line.containsKey("amount")) {
                put(line, "amount", money(text(item, ram, names.lineSettlement(), names.totals(), "LineTotalAmount")), "money");
            }
            put(line, "tax_rate", number(text(item, ram, names.lineSettlement(), "ApplicableTradeTax", names.rate())), "number");
            lines.add(line);
        }
        String format = names == ZUGFERD_1_NAMES ? "zugferd" : ciiFormat(fileName, profile);
        return new Invoice(format, "CII", profile, text(document, ram, "TypeCode"), false, fields, lines,
                items.size() > MAX_LINES, ciiSums(names, settlement, totals, items,
                text(settlement, ram, "InvoiceCurrencyCode")), ciiFacts(names, transaction, agreement, settlement, seller, items),
                schema != null ? schema : EInvoiceSchemas.cii(EInvoiceKinds.profile(profile)), root.getOwnerDocument());
    }

    private static Facts ciiFacts(CiiNames names, Element transaction, Element agreement, Element settlement, Element seller,
                                  List<Element> items) {
        String ram = names.ram();
        Element sellerAddress = child(seller, ram, "PostalTradeAddress");
        Element contact = child(seller, ram, "DefinedTradeContact");
        boolean taxIds = !children(seller, ram, "SpecifiedTaxRegistration").isEmpty()
                || child(agreement, ram, "SellerTaxRepresentativeTradeParty") != null;
        Element buyerAddress = child(agreement, ram, "BuyerTradeParty", "PostalTradeAddress");
        Element deliverTo = child(transaction, ram, "ApplicableHeaderTradeDelivery", "ShipToTradeParty", "PostalTradeAddress");
        List<PaymentMeans> means = new ArrayList<>();
        for (Element payment : children(settlement, ram, "SpecifiedTradeSettlementPaymentMeans")) {
            means.add(new PaymentMeans(text(payment, ram, "TypeCode"), Optional.ofNullable(
                    text(payment, ram, "PayeePartyCreditorFinancialAccount", "IBANID"))
                    .orElse(text(payment, ram, "PayeePartyCreditorFinancialAccount", "ProprietaryID"))));
        }
        List<String> units = new ArrayList<>();
        List<String> lineVat = new ArrayList<>();
        for (Element item : items.subList(0, Math.min(MAX_LINES, items.size()))) {
            Element quantity = child(item, ram, names.lineDelivery(), "BilledQuantity");
            units.add(quantity == null || !quantity.hasAttribute("unitCode") ? null : quantity.getAttribute("unitCode").strip());
            lineVat.add(text(item, ram, names.lineSettlement(), "ApplicableTradeTax", "CategoryCode"));
        }
        Parties parties = new Parties(sellerAddress != null, text(sellerAddress, ram, "CountryID"), buyerAddress != null,
                text(buyerAddress, ram, "CountryID"), units, lineVat);
        return new Facts(text(agreement, ram, "BuyerReference"), text(sellerAddress, ram, "CityName"),
                text(sellerAddress, ram, "PostcodeCode"), contact != null,
                Optional.ofNullable(text(contact, ram, "PersonName")).orElse(text(contact, ram, "DepartmentName")),
                text(contact, ram, "TelephoneUniversalCommunication", "CompleteNumber"),
                text(contact, ram, "EmailURIUniversalCommunication", "URIID"), taxIds,
                text(buyerAddress, ram, "CityName"), text(buyerAddress, ram, "PostcodeCode"), deliverTo != null,
                text(deliverTo, ram, "CityName"), text(deliverTo, ram, "PostcodeCode"), means, parties);
    }

    private static Sums ciiSums(CiiNames names, Element settlement, Element totals, List<Element> items, String currency) {
        String ram = names.ram();
        List<BigDecimal> nets = new ArrayList<>();
        for (Element item : items) {
            String net = text(item, ram, names.lineSettlement(), "SpecifiedTradeSettlementLineMonetarySummation", "LineTotalAmount");
            nets.add(decimal(net != null ? net : text(item, ram, names.lineSettlement(), names.totals(), "LineTotalAmount")));
        }
        List<BigDecimal> allowances = new ArrayList<>();
        List<BigDecimal> charges = new ArrayList<>();
        for (Element allowanceCharge : children(settlement, ram, "SpecifiedTradeAllowanceCharge")) {
            String indicator = text(allowanceCharge, ram, "ChargeIndicator", "Indicator");
            (Boolean.parseBoolean(indicator) ? charges : allowances).add(decimal(text(allowanceCharge, ram, "ActualAmount")));
        }
        // ZUGFeRD EXTENDED states freight and the like as logistics service charges, part of the charge total.
        for (Element service : children(settlement, ram, "SpecifiedLogisticsServiceCharge")) {
            charges.add(decimal(text(service, ram, "AppliedAmount")));
        }
        List<TaxCategory> categories = new ArrayList<>();
        for (Element tax : children(settlement, ram, "ApplicableTradeTax")) {
            categories.add(new TaxCategory(text(tax, ram, "CategoryCode"), decimal(text(tax, ram, names.rate())),
                    decimal(text(tax, ram, "BasisAmount")), decimal(text(tax, ram, "CalculatedAmount"))));
        }
        // The tax total in the invoice's currency (a second one may state it in the currency VAT is accounted in).
        List<Element> taxTotals = children(totals, ram, "TaxTotalAmount");
        BigDecimal taxTotal = taxTotals.isEmpty() ? null : decimal(clean(taxTotals.get(0).getTextContent()));
        for (Element total : taxTotals) {
            String in = total.getAttribute("currencyID");
            if (in.isEmpty() || currency == null || in.equalsIgnoreCase(currency)) {
                taxTotal = decimal(clean(total.getTextContent()));
                break;
            }
        }
        return new Sums(decimal(text(totals, ram, "LineTotalAmount")), decimal(text(totals, ram, "AllowanceTotalAmount")),
                decimal(text(totals, ram, "ChargeTotalAmount")), decimal(text(totals, ram, "TaxBasisTotalAmount")), taxTotal,
                decimal(text(totals, ram, "GrandTotalAmount")), decimal(text(totals, ram, "TotalPrepaidAmount")),
                decimal(text(totals, ram, "RoundingAmount")), decimal(text(totals, ram, "DuePayableAmount")),
                nets, allowances, charges, categories);
    }

    private static String ciiFormat(String fileName, String profile) {
        String name = fileName.toLowerCase(Locale.ROOT);
        if (profile != null && profile.toLowerCase(Locale.ROOT).contains("xrechnung")) {
            return "xrechnung";
        }
        if (name.equals("factur-x.xml")) {
            return "factur-x";
        }
        return name.startsWith("zugferd") ? "zugferd" : "cii";
    }

    private static Invoice ubl(Element root, EInvoiceSchemas.Kind schema) {
        boolean creditNote = "CreditNote".equals(root.getLocalName());
        Element supplier = child(root, CAC, "AccountingSupplierParty", "Party");
        Element customer = child(root, CAC, "AccountingCustomerParty", "Party");
        Element totals = child(root, CAC, "LegalMonetaryTotal");
        Element tax = child(root, CAC, "TaxTotal");
        Map<String, Value> fields = new LinkedHashMap<>();
        put(fields, "invoice_number", text(root, CBC, "ID"), "string");
        put(fields, "invoice_date", iso(text(root, CBC, "IssueDate")), "date");
        put(fields, "due_date", iso(Optional.ofNullable(text(root, CBC, "DueDate"))
                .orElse(text(root, CAC, "PaymentMeans", "PaymentDueDate"))), "date");
        put(fields, "total_amount", money(text(totals, CBC, "TaxInclusiveAmount")), "money");
        put(fields, "currency", upper(text(root, CBC, "DocumentCurrencyCode")), "string");
        put(fields, "vendor_name", partyName(supplier), "string");
        put(fields, "iban", iban(text(root, CAC, "PaymentMeans", "PayeeFinancialAccount", "ID")), "iban");
        put(fields, "subtotal_amount", money(text(totals, CBC, "TaxExclusiveAmount")), "money");
        put(fields, "tax_amount", money(text(tax, CBC, "TaxAmount")), "money");
        List<Element> subtotals = children(tax, CAC, "TaxSubtotal");
        if (subtotals.size() == 1) {
            put(fields, "tax_rate", number(text(subtotals.get(0), CAC, "TaxCategory", "Percent")), "number");
        }
        put(fields, "vendor_vat_id", text(supplier, CAC, "PartyTaxScheme", "CompanyID"), "string");
        put(fields, "buyer_name", partyName(customer), "string");
        put(fields, "purchase_order", text(root, CAC, "OrderReference", "ID"), "string");
        List<Element> items = children(root, CAC, creditNote ? "CreditNoteLine" : "InvoiceLine");
        List<Map<String, Value>> lines = new ArrayList<>();
        for (Element item : items.subList(0, Math.min(MAX_LINES, items.size()))) {
            Map<String, Value> line = new LinkedHashMap<>();
            put(line, "description", Optional.ofNullable(text(item, CAC, "Item", "Name"))
                    .orElse(text(item, CAC, "Item", "Description")), "string");
            put(line, "quantity", number(text(item, CBC, creditNote ? "CreditedQuantity" : "InvoicedQuantity")), "number");
            put(line, "unit_price", money(text(item, CAC, "Price", "PriceAmount")), "money");
            put(line, "amount", money(text(item, CBC, "LineExtensionAmount")), "money");
            put(line, "tax_rate", number(text(item, CAC, "Item", "ClassifiedTaxCategory", "Percent")), "number");
            lines.add(line);
        }
        String profile = text(root, CBC, "CustomizationID");
        String typeCode = text(root, CBC, creditNote ? "CreditNoteTypeCode" : "InvoiceTypeCode");
        return new Invoice("ubl", "UBL", profile, typeCode, creditNote, fields, lines, items.size() > MAX_LINES, ublSums(root, totals, items,
                text(root, CBC, "DocumentCurrencyCode")), ublFacts(root, supplier, customer, items, creditNote),
                schema, root.getOwnerDocument());
    }

    private static Facts ublFacts(Element root, Element supplier, Element customer, List<Element> items, boolean creditNote) {
        Element sellerAddress = child(supplier, CAC, "PostalAddress");
        Element contact = child(supplier, CAC, "Contact");
        boolean taxIds = child(supplier, CAC, "PartyTaxScheme", "CompanyID") != null
                || child(root, CAC, "TaxRepresentativeParty") != null;
        Element buyerAddress = child(customer, CAC, "PostalAddress");
        Element deliverTo = child(root, CAC, "Delivery", "DeliveryLocation", "Address");
        List<PaymentMeans> means = new ArrayList<>();
        for (Element payment : children(root, CAC, "PaymentMeans")) {
            means.add(new PaymentMeans(text(payment, CBC, "PaymentMeansCode"), text(payment, CAC, "PayeeFinancialAccount", "ID")));
        }
        List<String> units = new ArrayList<>();
        List<String> lineVat = new ArrayList<>();
        for (Element item : items.subList(0, Math.min(MAX_LINES, items.size()))) {
            Element quantity = child(item, CBC, creditNote ? "CreditedQuantity" : "InvoicedQuantity");
            units.add(quantity == null || !quantity.hasAttribute("unitCode") ? null : quantity.getAttribute("unitCode").strip());
            lineVat.add(text(item, CAC, "Item", "ClassifiedTaxCategory", "ID"));
        }
        Parties parties = new Parties(sellerAddress != null, text(sellerAddress, CAC, "Country", "IdentificationCode"),
                buyerAddress != null, text(buyerAddress, CAC, "Country", "IdentificationCode"), units, lineVat);
        return new Facts(text(root, CBC, "BuyerReference"), text(sellerAddress, CBC, "CityName"),
                text(sellerAddress, CBC, "PostalZone"), contact != null, text(contact, CBC, "Name"),
                text(contact, CBC, "Telephone"), text(contact, CBC, "ElectronicMail"), taxIds,
                text(buyerAddress, CBC, "CityName"), text(buyerAddress, CBC, "PostalZone"), deliverTo != null,
                text(deliverTo, CBC, "CityName"), text(deliverTo, CBC, "PostalZone"), means, parties);
    }

    private static Sums ublSums(Element root, Element totals, List<Element> items, String currency) {
        List<BigDecimal> nets = items.stream().map(item -> decimal(text(item, CBC, "LineExtensionAmount"))).toList();
        List<BigDecimal> allowances = new ArrayList<>();
        List<BigDecimal> charges = new ArrayList<>();
        for (Element allowanceCharge : children(root, CAC, "AllowanceCharge")) {
            (Boolean.parseBoolean(text(allowanceCharge, CBC, "ChargeIndicator")) ? charges : allowances)
                    .add(decimal(text(allowanceCharge, CBC, "Amount")));
        }
        // The tax total with the breakdown is in the document's currency; another may state it in the tax currency.
        List<Element> taxTotals = children(root, CAC, "TaxTotal");
        Element taxTotal = taxTotals.isEmpty() ? null : taxTotals.get(0);
        for (Element total : taxTotals) {
            Element amount = child(total, CBC, "TaxAmount");
            String in = amount == null ? "" : amount.getAttribute("currencyID");
            if (in.isEmpty() || currency == null || in.equalsIgnoreCase(currency)) {
                taxTotal = total;
                break;
            }
        }
        List<TaxCategory> categories = new ArrayList<>();
        for (Element subtotal : children(taxTotal, CAC, "TaxSubtotal")) {
            categories.add(new TaxCategory(text(subtotal, CAC, "TaxCategory", "ID"), decimal(text(subtotal, CAC, "TaxCategory", "Percent")),
                    decimal(text(subtotal, CBC, "TaxableAmount")), decimal(text(subtotal, CBC, "TaxAmount"))));
        }
        return new Sums(decimal(text(totals, CBC, "LineExtensionAmount")), decimal(text(totals, CBC, "AllowanceTotalAmount")),
                decimal(text(totals, CBC, "ChargeTotalAmount")), decimal(text(totals, CBC, "TaxExclusiveAmount")),
                taxTotal == null ? null : decimal(text(taxTotal, CBC, "TaxAmount")), decimal(text(totals, CBC, "TaxInclusiveAmount")),
                decimal(text(totals, CBC, "PrepaidAmount")), decimal(text(totals, CBC, "PayableRoundingAmount")),
                decimal(text(totals, CBC, "PayableAmount")), nets, allowances, charges, categories);
    }

    private static String partyName(Element party) {
        return Optional.ofNullable(text(party, CAC, "PartyLegalEntity", "RegistrationName"))
                .orElse(text(party, CAC, "PartyName", "Name"));
    }

    private static void put(Map<String, Value> values, String name, String value, String type) {
        if (value != null && !value.isEmpty()) {
            values.put(name, new Value(value, type));
        }
    }

    // A path of child elements, each step looked up in the namespace given and then in its neighbours
    // (CII mixes rsm, ram and udt along one path, in either version; UBL mixes cac and cbc).
    private static String text(Element from, String namespace, String... path) {
        Element element = child(from, namespace, path);
        return element == null ? null : clean(element.getTextContent());
    }

    private static Element child(Element from, String namespace, String... path) {
        Element current = from;
        for (String step : path) {
            if (current == null) {
                return null;
            }
            Element next = first(current, namespace, step);
            if (next == null && namespace.equals(RAM)) {
                next = first(current, CII, step);
                next = next == null ? first(current, UDT, step) : next;
            } else if (next == null && namespace.equals(ZF1_RAM)) {
                next = first(current, ZF1_RSM, step);
                next = next == null ? first(current, ZF1_UDT, step) : next;
            } else if (next == null && namespace.equals(CAC)) {
                next = first(current, CBC, step);
            } else if (next == null && namespace.equals(CBC)) {
                next = first(current, CAC, step);
            }
            current = next;
        }
        return current;
    }

    private static Element first(Element parent, String namespace, String name) {
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && name.equals(element.getLocalName())
                    && namespace.equals(element.getNamespaceURI())) {
                return element;
            }
        }
        return null;
    }

    private static List<Element> children(Element parent, String namespace, String name) {
        List<Element> found = new ArrayList<>();
        if (parent == null) {
            return found;
        }
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && name.equals(element.getLocalName())
                    && namespace.equals(element.getNamespaceURI())) {
                found.add(element);
            }
        }
        return found;
    }

    private static String clean(String text) {
        if (text == null) {
            return null;
        }
        String stripped = text.strip().replaceAll("\\s+", " ");
        return stripped.length() > 10_000 ? stripped.substring(0, 10_000) : stripped;
    }

    private static String upper(String text) {
        return text == null ? null : text.toUpperCase(Locale.ROOT);
    }

    private static String iban(String text) {
        return text == null ? null : text.replace(" ", "").toUpperCase(Locale.ROOT);
    }

    /** Money as the other finders write it: a plain decimal with at least two places. */
    static String money(String text) {
        BigDecimal amount = decimal(text);
        return amount == null ? null : AmountParser.money(amount);
    }

    private static String number(String text) {
        BigDecimal number = decimal(text);
        return number == null ? null : number.stripTrailingZeros().toPlainString();
    }

    private static BigDecimal decimal(String text) {
        return PlainDecimal.parse(text).orElse(null);
    }

    private static String date102(String text) {
        if (text == null) {
            return null;
        }
        Matcher date = DATE_102.matcher(text);
        return date.matches() ? date.group(1) + "-" + date.group(2) + "-" + date.group(3) : iso(text);
    }

    private static String iso(String text) {
        return text != null && text.matches("\\d{4}-\\d{2}-\\d{2}") ? text : null;
    }
}
