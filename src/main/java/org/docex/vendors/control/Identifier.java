package org.docex.vendors.control;

import java.util.List;
import java.util.Objects;

/**
 * One thing that identifies a vendor, compact as it is stored: a VAT id or an IBAN in capitals
 * without spaces, a web domain in lower case, a name as {@link NormalText} writes words.
 */
public record Identifier(String kind, String value) {

    public static final String VAT_ID = "vat_id";
    public static final String IBAN = "iban";
    public static final String DOMAIN = "domain";
    public static final String NAME = "name";
    /** Strongest first: a VAT id names one company; a name may be written two ways or shared. */
    public static final List<String> KINDS = List.of(VAT_ID, IBAN, DOMAIN, NAME);

    public Identifier {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(value);
    }

    int strength() {
        return KINDS.size() - KINDS.indexOf(kind);
    }
}
