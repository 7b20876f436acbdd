package org.docex.vendors.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.UUID;

/**
 * A vendor docex learned from: known by its identifiers, named as its last committed review named
 * it. The row version serialises two nodes learning about one vendor at once: the second retries.
 */
@Entity
@Table(name = "vendor")
public class Vendor {

    public static final int MAX_NAME_LENGTH = 500;

    @Id
    private UUID id;
    private String name;
    @Column(name = "created_at", nullable = false)
    private Instant createdAt;
    @Column(name = "updated_at", nullable = false)
    private Instant updatedAt;
    @Version
    @Column(name = "row_version")
    private long rowVersion;

    protected Vendor() {
    }

    public Vendor(Instant now) {
        this.id = UUID.randomUUID();
        this.createdAt = now;
        this.updatedAt = now;
    }

    /** A review of this vendor's was learned from: its name (if it gave one) becomes the vendor's. */
    public void learned(String name, Instant now) {
        if (name != null && !name.isBlank()) {
            String stripped = name.strip();
            this.name = stripped.length() > MAX_NAME_LENGTH ? stripped.substring(0, MAX_NAME_LENGTH) : stripped;
        }
        updatedAt = now;
    }

    public UUID id() { return id; }
    public String name() { return name; }
    public Instant createdAt() { return createdAt; }
    public Instant updatedAt() { return updatedAt; }
}
