package org.docex.extraction.entity;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** Stores review actions by their API name. */
@Converter(autoApply = true)
public class ReviewActionConverter implements AttributeConverter<ReviewAction, String> {

    @Override
    public String convertToDatabaseColumn(ReviewAction action) {
        return action == null ? null : action.apiName();
    }

    @Override
    public ReviewAction convertToEntityAttribute(String name) {
        return name == null ? null : ReviewAction.named(name)
                .orElseThrow(() -> new IllegalStateException("Unknown stored review action " + name));
    }
}
