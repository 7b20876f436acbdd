package org.docex.persistence;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** Stores {@link Instant}s as UTC {@code TIMESTAMP WITH TIME ZONE}, independent of the JVM's zone. */
@Converter(autoApply = true)
public class UtcInstantConverter implements AttributeConverter<Instant, OffsetDateTime> {

    @Override
    public OffsetDateTime convertToDatabaseColumn(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }

    @Override
    public Instant convertToEntityAttribute(OffsetDateTime value) {
        return value == null ? null : value.toInstant();
    }
}
