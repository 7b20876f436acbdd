package org.docex.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.Config;
import org.junit.jupiter.api.Test;

class ConfiguredDataSourceTest {

    @Test
    void theEmbeddedDatabaseLiesUnderTheDataDirectoryByItsAbsolutePath() {
        Path workingDirectory = Path.of("").toAbsolutePath();

        assertEquals("jdbc:h2:file:" + workingDirectory.resolve("data/db/docex"),
                ConfiguredDataSource.embeddedUrl(config(Map.of())));
        // H2 refuses a path that is only implicitly relative: the deployment failed with this setting.
        assertEquals("jdbc:h2:file:" + workingDirectory.resolve("var/docex/db/docex"),
                ConfiguredDataSource.embeddedUrl(config(Map.of("docex.data-dir", "var/docex"))));
        assertEquals("jdbc:h2:file:/srv/docex/db/docex",
                ConfiguredDataSource.embeddedUrl(config(Map.of("docex.data-dir", "/srv/docex/"))));
    }

    /** A configuration holding {@code values}; only {@code getOptionalValue} is asked for. */
    private static Config config(Map<String, String> values) {
        return (Config) Proxy.newProxyInstance(Config.class.getClassLoader(), new Class<?>[] {Config.class},
                (proxy, method, arguments) -> {
                    if (!method.getName().equals("getOptionalValue")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    return Optional.ofNullable(values.get((String) arguments[0]));
                });
    }
}
