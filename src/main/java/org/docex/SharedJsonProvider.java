package org.docex;

import jakarta.json.spi.JsonProvider;

/**
 * The JSON-P provider, looked up once. The static {@code jakarta.json.Json} factory methods look
 * the provider up on every call, which in an application server scans the application's jars
 * (measured: the largest single cost of storing an extraction result).
 */
public final class SharedJsonProvider {

    public static final JsonProvider JSON = JsonProvider.provider();

    private SharedJsonProvider() {
    }
}
