package org.docex.extraction.control;

/**
 * What {@code result.metadata.e_invoice} says of the e-invoice a document is or carries.
 *
 * @param format          {@code factur-x}, {@code zugferd}, {@code xrechnung}, {@code cii} or {@code ubl}
 * @param syntax          {@code CII} (UN/CEFACT Cross Industry Invoice, ZUGFeRD 1.0's predecessor of it included) or {@code UBL}
 * @param profile         the profile in short ({@code minimum}, {@code basic_wl}, {@code basic}, {@code comfort},
 *                        {@code en16931}, {@code extended}, {@code xrechnung}, {@code peppol_bis_3}), null where the
 *                        specification identifier names none of them
 * @param specificationId the specification identifier as the XML states it (BT-24), null where it states none
 * @param documentType    {@code invoice}, {@code credit_note}, {@code corrected_invoice}, {@code self_billed_invoice},
 *                        {@code prepayment_invoice}, {@code partial_invoice} or {@code debit_note}, from the type
 *                        code (BT-3) or UBL's CreditNote document
 * @param typeCode        the type code as the XML states it (UNTDID 1001), null where it states none
 */
public record EInvoiceSummary(String format, String syntax, String profile, String specificationId, String documentType,
                              String typeCode) {
}
