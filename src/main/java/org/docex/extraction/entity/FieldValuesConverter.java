package org.docex.extraction.entity;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** Stores field values as a JSON object of strings. */
@Converter(autoApply = true)
public class FieldValuesConverter implements AttributeConverter<FieldValues, String> {

    @Override
    public String convertToDatabaseColumn(FieldValues values) {
        return values == null ? null : values.toJson();
    }

    @Override
    public FieldValues convertToEntityAttribute(String json) {
        return json == null ? null : FieldValues.fromJson(json);
    }
}
