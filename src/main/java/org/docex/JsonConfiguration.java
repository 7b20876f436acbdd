package org.docex;

import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;
import jakarta.json.bind.adapter.JsonbAdapter;
import jakarta.json.bind.config.PropertyNamingStrategy;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/** One JSON-B configuration for every request and response: snake_case, UTC timestamps. */
@Provider
public class JsonConfiguration implements ContextResolver<Jsonb> {

    private static final Jsonb JSONB = create();

    public static Jsonb create() {
        return JsonbBuilder.create(new JsonbConfig()
                .withPropertyNamingStrategy(PropertyNamingStrategy.LOWER_CASE_WITH_UNDERSCORES)
                .withNullValues(true)
                .withAdapters(new UtcSeconds()));
    }

    @Override
    public Jsonb getContext(Class<?> type) {
        return JSONB;
    }

    /** Timestamps as ISO-8601 UTC to the second: {@code 2026-11-21T10:15:30Z}. */
    public static final class UtcSeconds implements JsonbAdapter<Instant, String> {

        @Override
        public String adaptToJson(Instant instant) {
            return DateTimeFormatter.ISO_INSTANT.format(instant.truncatedTo(ChronoUnit.SECONDS));
        }

        @Override
        public Instant adaptFromJson(String text) {
            return Instant.parse(text);
        }
    }
}
