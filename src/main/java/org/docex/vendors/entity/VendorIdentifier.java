package org.docex.vendors.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.util.Objects;
import java.util.UUID;

/** One thing that identifies a vendor on its invoices: a VAT id, an IBAN, a web domain or a name. */
@Entity
@Table(name = "vendor_identifier")
@IdClass(VendorIdentifier.Key.class)
public class VendorIdentifier {

    public static final int MAX_LENGTH = 500;

    @Id
    private String kind;
    @Id
    private String identifier;
    @Column(name = "vendor_id", nullable = false)
    private UUID vendorId;

    protected VendorIdentifier() {
    }

    public VendorIdentifier(String kind, String identifier, UUID vendorId) {
        this.kind = Objects.requireNonNull(kind);
        this.identifier = Objects.requireNonNull(identifier);
        this.vendorId = Objects.requireNonNull(vendorId);
    }

    public String kind() { return kind; }
    public String identifier() { return identifier; }
    public UUID vendorId() { return vendorId; }

    /** The primary key: kind and identifier. */
    public record Key(String kind, String identifier) implements Serializable {
    }
}
