package org.docex.extraction.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;

/**
 * What the work queue shows of a workflow and filters on without reading its result: the
 * invoice's key values as they stand (the committed record, else the draft, else what was
 * extracted), the lowest confidence and the number of failed checks of the extraction. All null
 * until the result has been summarised ({@code indexedAt}).
 */
@Embeddable
public class QueueSummary {

    @Column(name = "summary_vendor")
    private String vendorName;
    @Column(name = "summary_vendor_folded")
    private String vendorFolded;
    @Column(name = "summary_invoice_number")
    private String invoiceNumber;
    @Column(name = "summary_invoice_date")
    private LocalDate invoiceDate;
    @Column(name = "summary_due_date")
    private LocalDate dueDate;
    @Column(name = "summary_total")
    private BigDecimal totalAmount;
    @Column(name = "summary_currency")
    private String currency;
    @Column(name = "min_confidence")
    private Double minConfidence;
    @Column(name = "failed_checks")
    private Integer failedChecks;
    @Column(name = "queue_indexed_at")
    private Instant indexedAt;

    protected QueueSummary() {
    }

    public QueueSummary(KeyValues values, Double minConfidence, int failedChecks, Instant indexedAt) {
        this.vendorName = values.vendorName();
        this.vendorFolded = values.vendorFolded();
        this.invoiceNumber = values.invoiceNumber();
        this.invoiceDate = values.invoiceDate();
        this.dueDate = values.dueDate();
        this.totalAmount = values.totalAmount();
        this.currency = values.currency();
        this.minConfidence = minConfidence;
        this.failedChecks = failedChecks;
        this.indexedAt = indexedAt;
    }

    /** The same extraction figures with the key values a review left. */
    QueueSummary with(KeyValues values) {
        return new QueueSummary(values, minConfidence, failedChecks == null ? 0 : failedChecks, indexedAt);
    }

    public Optional<Instant> indexedAt() {
        return Optional.ofNullable(indexedAt);
    }

    public KeyValues values() {
        return new KeyValues(vendorName, vendorFolded, invoiceNumber, invoiceDate, dueDate, totalAmount, currency);
    }

    public Double minConfidence() {
        return minConfidence;
    }

    public Integer failedChecks() {
        return failedChecks;
    }

    /** The invoice's key values, each null where there is none (or none of its type: a total that is not a number). */
    public record KeyValues(String vendorName, String vendorFolded, String invoiceNumber, LocalDate invoiceDate,
                            LocalDate dueDate, BigDecimal totalAmount, String currency) {
    }
}
