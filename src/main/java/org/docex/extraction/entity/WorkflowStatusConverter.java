package org.docex.extraction.entity;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** Stores statuses by their API name, which other components query directly (document lists and deletion). */
@Converter(autoApply = true)
public class WorkflowStatusConverter implements AttributeConverter<WorkflowStatus, String> {

    @Override
    public String convertToDatabaseColumn(WorkflowStatus status) {
        return status == null ? null : status.apiName();
    }

    @Override
    public WorkflowStatus convertToEntityAttribute(String name) {
        return name == null ? null : WorkflowStatus.named(name)
                .orElseThrow(() -> new IllegalStateException("Unknown stored workflow status " + name));
    }
}
